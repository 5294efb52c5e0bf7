import type { WidgetLanguage } from '../../entities/values.js';

type Strings = { handoff: string; not_in_documents: string; resting: string; faq_pending: string };

/** What the server itself says to visitors, in the widget's seven languages; a shop overrides any in config_texts. */
const STRINGS: Record<WidgetLanguage, Strings> = {
  en: {
    handoff: 'A person from the shop will reply here soon.',
    not_in_documents: 'The documents do not answer this question.',
    resting: 'The assistant cannot answer more questions today. Please try again tomorrow.',
    faq_pending: 'Thank you! The shop will answer your question here.',
  },
  es: {
    handoff: 'Una persona de la tienda te responderá aquí pronto.',
    not_in_documents: 'Los documentos no responden a esta pregunta.',
    resting: 'El asistente no puede responder más preguntas hoy. Vuelve a intentarlo mañana.',
    faq_pending: '¡Gracias! La tienda responderá tu pregunta aquí.',
  },
  de: {
    handoff: 'Eine Person aus dem Shop antwortet dir hier in Kürze.',
    not_in_documents: 'Die Dokumente beantworten diese Frage nicht.',
    resting: 'Der Assistent kann heute keine weiteren Fragen beantworten. Bitte versuche es morgen wieder.',
    faq_pending: 'Danke! Der Shop beantwortet deine Frage hier.',
  },
  fr: {
    handoff: 'Une personne de la boutique vous répondra ici bientôt.',
    not_in_documents: 'Les documents ne répondent pas à cette question.',
    resting: 'L’assistant ne peut plus répondre aujourd’hui. Réessayez demain.',
    faq_pending: 'Merci ! La boutique répondra à votre question ici.',
  },
  pt: {
    handoff: 'Uma pessoa da loja responderá aqui em breve.',
    not_in_documents: 'Os documentos não respondem a esta pergunta.',
    resting: 'O assistente não pode responder a mais perguntas hoje. Tente novamente amanhã.',
    faq_pending: 'Obrigado! A loja responderá à sua pergunta aqui.',
  },
  it: {
    handoff: 'Una persona del negozio ti risponderà qui a breve.',
    not_in_documents: 'I documenti non rispondono a questa domanda.',
    resting: 'L’assistente non può rispondere ad altre domande oggi. Riprova domani.',
    faq_pending: 'Grazie! Il negozio risponderà alla tua domanda qui.',
  },
  hu: {
    handoff: 'A bolt egyik munkatársa hamarosan itt válaszol.',
    not_in_documents: 'A dokumentumok nem válaszolnak erre a kérdésre.',
    resting: 'Az asszisztens ma már nem tud több kérdésre válaszolni. Próbáld újra holnap.',
    faq_pending: 'Köszönjük! A bolt itt válaszol a kérdésedre.',
  },
};

export function serverText(key: keyof Strings, language: string, overrides: Record<string, unknown>): string {
  const own = overrides[key];
  if (typeof own === 'string' && own.trim()) return own;
  return (STRINGS[language as WidgetLanguage] ?? STRINGS.en)[key];
}
