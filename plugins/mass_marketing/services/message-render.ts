import { fillTemplate as fillMessageTemplate } from '../../../core/index.js';

/** The template variables of a campaign message (spec): contact name, contact phone, shop name. */
export interface TemplateValues {
  nombre: string | null;
  telefono: string;
  tienda: string;
}

/** Fills in {nombre}, {telefono} and {tienda}; a contact without a name leaves {nombre} empty. Other braces stay as written. */
export function fillTemplate(template: string, values: TemplateValues): string {
  return fillMessageTemplate(template, { ...values, nombre: values.nombre?.trim() ?? '' });
}

/** The line added at the end of a message that carries the unsubscribe link. */
export const withUnsubscribeLink = (text: string, label: string, url: string) =>
  `${text.trimEnd()}\n\n${label}: ${url}`;
