import { foldWords } from '../../../core/index.js';
/** The languages campaigns know by phone prefix, and use for unsubscribe words and confirmations. */
export const LANGUAGES = ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The shop's language from its locale (`es-ES` → es), or null when it is not one we know. */
export function languageOfLocale(locale: string): Language | null {
  const lang = locale.slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(lang) ? (lang as Language) : null;
}

/**
 * Unsubscribe words and phrases per language, accent-free and lower case (a reply is normalised
 * the same way before matching).
 */
const UNSUBSCRIBE_PHRASES: Record<Language, string[]> = {
  es: [
    'baja',
    'darme de baja',
    'dar de baja',
    'dame de baja',
    'desuscribir',
    'desuscribirme',
    'cancelar suscripcion',
    'no mas mensajes',
    'no quiero mas mensajes',
    'parar',
  ],
  en: ['stop', 'unsubscribe', 'opt out', 'optout', 'remove me', 'stop messages', 'no more messages'],
  de: ['stopp', 'abmelden', 'abbestellen', 'austragen', 'keine nachrichten mehr', 'abmeldung'],
  fr: ['arret', 'arreter', 'desabonner', 'desinscrire', 'desinscription', 'desabonnement', 'plus de messages'],
  pt: ['sair', 'parar', 'descadastrar', 'cancelar inscricao', 'nao quero mais mensagens', 'remover'],
  it: ['basta', 'disiscrivimi', 'cancellami', 'annulla iscrizione', 'disiscrizione', 'non voglio piu messaggi'],
  hu: ['leiratkozas', 'leiratkozom', 'leiratkozni', 'eleg', 'nem kerek tobb uzenetet'],
};

const PHRASES = [...new Set(Object.values(UNSUBSCRIBE_PHRASES).flat())];

/** A reply longer than this is a conversation that happens to contain a word, not a request. */
const MAX_INTENT_WORDS = 6;

/**
 * Whether a reply asks to unsubscribe: a short message (at most 6 words) containing one of the
 * words or phrases of any supported language as whole words ("STOP", "Baja por favor",
 * "Bitte abmelden!"). Longer messages are left to people.
 */
export function isUnsubscribeIntent(text: string | null | undefined): boolean {
  if (!text) return false;
  const normalised = foldWords(text);
  if (normalised === '' || normalised.split(' ').length > MAX_INTENT_WORDS) return false;
  const padded = ` ${normalised} `;
  return PHRASES.some((phrase) => padded.includes(` ${phrase} `));
}

/** The message confirming an unsubscribe made by reply. */
export const UNSUBSCRIBE_CONFIRMATION: Record<Language, string> = {
  es: 'Te hemos dado de baja: no recibirás más campañas de {tienda}.',
  en: 'You have been unsubscribed: you will not receive more campaigns from {tienda}.',
  de: 'Sie wurden abgemeldet: Sie erhalten keine weiteren Kampagnen von {tienda}.',
  fr: 'Vous êtes désabonné(e) : vous ne recevrez plus de campagnes de {tienda}.',
  pt: 'A sua inscrição foi cancelada: não receberá mais campanhas de {tienda}.',
  it: 'Sei stato disiscritto: non riceverai più campagne da {tienda}.',
  hu: 'Leiratkoztunk: nem kap több kampányüzenetet a következőtől: {tienda}.',
};

/** The label in front of the unsubscribe link at the end of a campaign message. */
export const UNSUBSCRIBE_LINK_LABEL: Record<Language, string> = {
  es: 'Para darte de baja',
  en: 'To unsubscribe',
  de: 'Zum Abmelden',
  fr: 'Pour vous désabonner',
  pt: 'Para cancelar a inscrição',
  it: 'Per disiscriverti',
  hu: 'Leiratkozás',
};
