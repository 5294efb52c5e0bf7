import { foldAccents } from '../../../../core/index.js';
import type { Category } from '../../entities/values.js';

export const PRIORITIES = ['P0', 'P1', 'P2', 'P3'] as const;
export type Priority = (typeof PRIORITIES)[number];

export interface Classification {
  category: Category;
  intent: string;
  priority: Priority;
  confidence: number;
}

/** Cue words per category in the widget languages (compared without accents, in lower case). */
const CUES: Record<Exclude<Category, 'other'>, string[]> = {
  spam: [
    'unsubscribe',
    'viagra',
    'casino',
    'crypto',
    'lottery',
    'winner',
    'seo services',
    'backlinks',
    'loan offer',
    'bitcoin',
  ],
  complaint: [
    'complaint',
    'unacceptable',
    'disappointed',
    'terrible',
    'worst',
    'angry',
    'reclamacion',
    'queja',
    'inaceptable',
    'decepcionado',
    'beschwerde',
    'enttauscht',
    'plainte',
    'inacceptable',
    'reclamacao',
    'reclamo',
    'pessimo',
    'reklamacio',
  ],
  return: [
    'return',
    'refund',
    'exchange',
    'send back',
    'money back',
    'devolucion',
    'devolver',
    'reembolso',
    'cambio',
    'rucksendung',
    'erstattung',
    'umtausch',
    'retour',
    'rembourse',
    'devolucao',
    'reso',
    'rimborso',
    'visszakuld',
  ],
  shipping: [
    'shipping',
    'delivery',
    'tracking',
    'parcel',
    'package',
    'courier',
    'not arrived',
    'envio',
    'entrega',
    'seguimiento',
    'paquete',
    'lieferung',
    'versand',
    'paket',
    'sendungsverfolgung',
    'livraison',
    'colis',
    'entrega',
    'spedizione',
    'consegna',
    'pacco',
    'szallitas',
    'csomag',
  ],
  billing: [
    'invoice',
    'payment',
    'charged',
    'charge',
    'receipt',
    'billing',
    'vat',
    'factura',
    'pago',
    'cobro',
    'rechnung',
    'zahlung',
    'facture',
    'paiement',
    'fatura',
    'pagamento',
    'fattura',
    'szamla',
    'fizetes',
  ],
  order: [
    'order',
    'purchase',
    'checkout',
    'cancel my order',
    'pedido',
    'compra',
    'bestellung',
    'commande',
    'encomenda',
    'ordine',
    'rendeles',
  ],
  product: [
    'size',
    'stock',
    'available',
    'colour',
    'color',
    'material',
    'price',
    'talla',
    'disponible',
    'precio',
    'grosse',
    'verfugbar',
    'preis',
    'taille',
    'prix',
    'tamanho',
    'disponivel',
    'taglia',
    'prezzo',
    'meret',
    'ar',
  ],
};

const INTENT: Record<Category, string> = {
  order: 'order_status',
  shipping: 'delivery_question',
  return: 'return_request',
  billing: 'billing_question',
  product: 'product_question',
  complaint: 'complaint',
  spam: 'spam',
  other: 'other',
};

const P0 = [
  'lawyer',
  'legal action',
  'fraud',
  'chargeback',
  'police',
  'abogado',
  'denuncia',
  'fraude',
  'anwalt',
  'betrug',
  'avocat',
  'advogado',
  'avvocato',
  'ugyved',
  'csalas',
];
const URGENT = ['urgent', 'asap', 'immediately', 'urgente', 'dringend', 'sofort', 'immediatement', 'subito', 'surgos'];

const has = (text: string, cue: string) => new RegExp(`(^|[^\\p{L}])${cue}`, 'u').test(text);

/**
 * The built-in classification: the category whose cue words the subject and text name most
 * (the subject counts twice), its usual intent, and a priority — P0 for legal threats and fraud,
 * P1 for complaints and urgent mail, P3 for spam, P2 otherwise. Deterministic: the same mail
 * always gets the same answer.
 */
export function classifyByRules(subject: string, text: string): Classification {
  const s = foldAccents(subject);
  const body = foldAccents(text.slice(0, 4000));
  let best: Category = 'other';
  let bestScore = 0;
  for (const [category, cues] of Object.entries(CUES) as [Exclude<Category, 'other'>, string[]][]) {
    const score = cues.reduce((n, cue) => n + (has(s, cue) ? 2 : 0) + (has(body, cue) ? 1 : 0), 0);
    if (score > bestScore) [best, bestScore] = [category, score];
  }
  const all = `${s} ${body}`;
  const priority: Priority = P0.some((cue) => has(all, cue))
    ? 'P0'
    : best === 'complaint' || URGENT.some((cue) => has(all, cue))
      ? 'P1'
      : best === 'spam'
        ? 'P3'
        : 'P2';
  return {
    category: best,
    intent: INTENT[best],
    priority,
    confidence: bestScore === 0 ? 0.3 : Math.min(0.9, 0.5 + bestScore * 0.1),
  };
}
