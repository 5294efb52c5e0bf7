/** The widget's own words in its seven languages; a shop's config_texts replace any of them. */
export interface Strings {
  title: string;
  open: string;
  close: string;
  placeholder: string;
  send: string;
  rate_limited: string;
  error: string;
  faq_title: string;
  no_faqs: string;
  ask_placeholder: string;
  ask: string;
  sources: string;
  shop: string;
  language: string;
}

const ALL: Record<string, Strings> = {
  en: {
    title: 'Chat with us',
    open: 'Open chat',
    close: 'Close',
    placeholder: 'Write a message…',
    send: 'Send',
    rate_limited: 'You have sent many messages. Please wait a little before writing again.',
    error: 'Something went wrong. Please try again.',
    faq_title: 'Questions about this product',
    no_faqs: 'No questions yet. Be the first to ask!',
    ask_placeholder: 'Ask about this product…',
    ask: 'Ask',
    sources: 'Sources',
    shop: 'Shop',
    language: 'Language',
  },
  es: {
    title: 'Habla con nosotros',
    open: 'Abrir chat',
    close: 'Cerrar',
    placeholder: 'Escribe un mensaje…',
    send: 'Enviar',
    rate_limited: 'Has enviado muchos mensajes. Espera un poco antes de volver a escribir.',
    error: 'Algo salió mal. Inténtalo de nuevo.',
    faq_title: 'Preguntas sobre este producto',
    no_faqs: 'Aún no hay preguntas. ¡Sé el primero en preguntar!',
    ask_placeholder: 'Pregunta sobre este producto…',
    ask: 'Preguntar',
    sources: 'Fuentes',
    shop: 'Tienda',
    language: 'Idioma',
  },
  de: {
    title: 'Schreib uns',
    open: 'Chat öffnen',
    close: 'Schließen',
    placeholder: 'Nachricht schreiben…',
    send: 'Senden',
    rate_limited: 'Du hast viele Nachrichten gesendet. Bitte warte kurz, bevor du wieder schreibst.',
    error: 'Etwas ist schiefgelaufen. Bitte versuche es erneut.',
    faq_title: 'Fragen zu diesem Produkt',
    no_faqs: 'Noch keine Fragen. Stell die erste!',
    ask_placeholder: 'Frage zu diesem Produkt…',
    ask: 'Fragen',
    sources: 'Quellen',
    shop: 'Shop',
    language: 'Sprache',
  },
  fr: {
    title: 'Discutez avec nous',
    open: 'Ouvrir le chat',
    close: 'Fermer',
    placeholder: 'Écrivez un message…',
    send: 'Envoyer',
    rate_limited: 'Vous avez envoyé beaucoup de messages. Patientez un peu avant d’écrire à nouveau.',
    error: 'Une erreur est survenue. Réessayez.',
    faq_title: 'Questions sur ce produit',
    no_faqs: 'Aucune question pour l’instant. Posez la première !',
    ask_placeholder: 'Une question sur ce produit…',
    ask: 'Demander',
    sources: 'Sources',
    shop: 'Boutique',
    language: 'Langue',
  },
  pt: {
    title: 'Fale connosco',
    open: 'Abrir chat',
    close: 'Fechar',
    placeholder: 'Escreva uma mensagem…',
    send: 'Enviar',
    rate_limited: 'Enviou muitas mensagens. Aguarde um pouco antes de escrever novamente.',
    error: 'Algo correu mal. Tente novamente.',
    faq_title: 'Perguntas sobre este produto',
    no_faqs: 'Ainda não há perguntas. Seja o primeiro a perguntar!',
    ask_placeholder: 'Pergunte sobre este produto…',
    ask: 'Perguntar',
    sources: 'Fontes',
    shop: 'Loja',
    language: 'Idioma',
  },
  it: {
    title: 'Scrivici',
    open: 'Apri chat',
    close: 'Chiudi',
    placeholder: 'Scrivi un messaggio…',
    send: 'Invia',
    rate_limited: 'Hai inviato molti messaggi. Attendi un po’ prima di scrivere di nuovo.',
    error: 'Qualcosa è andato storto. Riprova.',
    faq_title: 'Domande su questo prodotto',
    no_faqs: 'Nessuna domanda ancora. Fai la prima!',
    ask_placeholder: 'Chiedi di questo prodotto…',
    ask: 'Chiedi',
    sources: 'Fonti',
    shop: 'Negozio',
    language: 'Lingua',
  },
  hu: {
    title: 'Írj nekünk',
    open: 'Csevegés megnyitása',
    close: 'Bezárás',
    placeholder: 'Írj üzenetet…',
    send: 'Küldés',
    rate_limited: 'Sok üzenetet küldtél. Kérjük, várj egy kicsit, mielőtt újra írsz.',
    error: 'Hiba történt. Próbáld újra.',
    faq_title: 'Kérdések a termékről',
    no_faqs: 'Még nincs kérdés. Kérdezz elsőként!',
    ask_placeholder: 'Kérdezz a termékről…',
    ask: 'Kérdezek',
    sources: 'Források',
    shop: 'Bolt',
    language: 'Nyelv',
  },
};

export const LANGUAGE_NAMES: Record<string, string> = {
  es: 'Español',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pt: 'Português',
  it: 'Italiano',
  hu: 'Magyar',
};

export function stringsFor(language: string, overrides: Record<string, unknown>): Strings {
  const base = ALL[language] ?? ALL.en!;
  const own: Partial<Strings> = {};
  for (const key of Object.keys(base) as (keyof Strings)[]) {
    const value = overrides[key];
    if (typeof value === 'string' && value.trim()) own[key] = value;
  }
  return { ...base, ...own };
}
