import { detectLanguage } from '../../prompt/surface.js';

export interface FollowupParts {
  /** The language to write in, as a locale ("es", "es-ES"); languages without a template get English. */
  locale: string;
  shopName: string;
  customerName: string | null;
  resolution: string;
}

const TEMPLATES: Record<string, (p: FollowupParts) => string> = {
  en: (p) =>
    `Hello${p.customerName ? ` ${p.customerName}` : ''}, this is ${p.shopName} following up on your request.\n\n${p.resolution}\n\nIf you need anything else, just reply to this message.`,
  es: (p) =>
    `Hola${p.customerName ? ` ${p.customerName}` : ''}, te escribimos de ${p.shopName} sobre tu consulta.\n\n${p.resolution}\n\nSi necesitas algo más, responde a este mensaje.`,
};

/**
 * The language a follow-up is written in: the resolution's own when it tells (it is what the
 * customer reads, and a greeting in another language around it reads as two messages glued), else
 * the shop's locale.
 */
export function followupLanguage(resolution: string, shopLocale: string): string {
  const detected = detectLanguage(resolution);
  return detected.reliable && detected.language ? detected.language : shopLocale;
}

/**
 * The customer message for a resolution, composed without a model: the resolution framed by a
 * greeting and a closing in its language. The ticket's title, description and notes never appear
 * in it: they are internal.
 */
export function composeFollowup(parts: FollowupParts): string {
  const language = parts.locale.toLowerCase().split(/[-_]/)[0]!;
  return (TEMPLATES[language] ?? TEMPLATES.en!)(parts);
}
