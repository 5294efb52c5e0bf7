import { fillTemplate } from '../../../core/index.js';
import type { FollowupType } from '../entities/values.js';

/** The built-in texts per language of the shop's locale ({nombre}: the customer, {tienda}: the shop, {enlace}: the quote or cart). */
const TEMPLATES: Record<string, Record<FollowupType, string>> = {
  es: {
    conversation: 'Hola {nombre}, ¿pudiste ver nuestro último mensaje? Seguimos aquí si necesitas algo. — {tienda}',
    quote: 'Hola {nombre}, ¿qué te pareció el presupuesto? Lo tienes aquí: {enlace} — {tienda}',
    cart: 'Hola {nombre}, dejaste productos en tu carrito. Puedes terminar tu compra aquí: {enlace} — {tienda}',
  },
  en: {
    conversation: 'Hi {nombre}, did you see our last message? We are here if you need anything. — {tienda}',
    quote: 'Hi {nombre}, what did you think of the quote? Here it is: {enlace} — {tienda}',
    cart: 'Hi {nombre}, you left items in your cart. You can finish your order here: {enlace} — {tienda}',
  },
  de: {
    conversation:
      'Hallo {nombre}, hast du unsere letzte Nachricht gesehen? Wir sind da, wenn du etwas brauchst. — {tienda}',
    quote: 'Hallo {nombre}, wie gefällt dir unser Angebot? Hier ist es: {enlace} — {tienda}',
    cart: 'Hallo {nombre}, in deinem Warenkorb liegen noch Artikel. Hier geht es weiter: {enlace} — {tienda}',
  },
  fr: {
    conversation: 'Bonjour {nombre}, avez-vous vu notre dernier message ? Nous sommes là si besoin. — {tienda}',
    quote: 'Bonjour {nombre}, que pensez-vous du devis ? Le voici : {enlace} — {tienda}',
    cart: 'Bonjour {nombre}, des articles vous attendent dans votre panier : {enlace} — {tienda}',
  },
  pt: {
    conversation: 'Olá {nombre}, viu a nossa última mensagem? Estamos aqui se precisar de algo. — {tienda}',
    quote: 'Olá {nombre}, o que achou do orçamento? Está aqui: {enlace} — {tienda}',
    cart: 'Olá {nombre}, deixou artigos no carrinho. Pode terminar a compra aqui: {enlace} — {tienda}',
  },
  it: {
    conversation: 'Ciao {nombre}, hai visto il nostro ultimo messaggio? Siamo qui se ti serve qualcosa. — {tienda}',
    quote: 'Ciao {nombre}, cosa ne pensi del preventivo? Eccolo: {enlace} — {tienda}',
    cart: 'Ciao {nombre}, hai lasciato degli articoli nel carrello. Puoi completare l’ordine qui: {enlace} — {tienda}',
  },
  hu: {
    conversation: 'Szia {nombre}, láttad az utolsó üzenetünket? Itt vagyunk, ha bármire szükséged van. — {tienda}',
    quote: 'Szia {nombre}, mit szólsz az árajánlathoz? Itt találod: {enlace} — {tienda}',
    cart: 'Szia {nombre}, termékek maradtak a kosaradban. Itt fejezheted be a vásárlást: {enlace} — {tienda}',
  },
};

/** The built-in template of a type in the shop's language (English when the locale is another). */
export const defaultTemplate = (type: FollowupType, locale: string): string =>
  (TEMPLATES[locale.slice(0, 2).toLowerCase()] ?? TEMPLATES.en!)[type];

/**
 * The text with its placeholders filled. A missing name or link is dropped with the space and
 * punctuation that joined it ("Hola {nombre}," → "Hola,"), as every template does.
 */
export function render(template: string, values: { name: string | null; shop: string; link: string | null }): string {
  return fillTemplate(template, { nombre: values.name, tienda: values.shop, enlace: values.link }).trim();
}
