/** Twilio's speech recognition and voices per language. */
const LOCALES: Record<string, string> = {
  es: 'es-ES',
  en: 'en-US',
  de: 'de-DE',
  fr: 'fr-FR',
  pt: 'pt-PT',
  it: 'it-IT',
  hu: 'hu-HU',
};

const xml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const document = (body: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${body}</Response>`;

/**
 * The assistant speaks and listens: `<Say>` inside a speech `<Gather>` whose result Twilio posts to
 * `action`; when the caller says nothing, the `<Redirect>` posts there without a result.
 */
export function sayAndListen(text: string, language: string, action: string): string {
  const locale = LOCALES[language] ?? 'en-US';
  return document(
    `<Gather input="speech" action="${xml(action)}" method="POST" language="${locale}" speechTimeout="auto">` +
      `<Say language="${locale}">${xml(text)}</Say></Gather><Redirect method="POST">${xml(action)}</Redirect>`,
  );
}

/** The assistant's last words, then the line closes. */
export function sayAndHangUp(text: string, language: string): string {
  return document(`<Say language="${LOCALES[language] ?? 'en-US'}">${xml(text)}</Say><Hangup/>`);
}
