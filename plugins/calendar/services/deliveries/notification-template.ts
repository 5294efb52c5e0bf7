import { invalidArguments, unknownVariables } from '../../../../core/index.js';

/** The variables a notification's template_text may use (the campaigns' Spanish names). */
export const TEMPLATE_VARIABLES = [
  'nombre',
  'telefono',
  'tienda',
  'fecha',
  'hora',
  'servicio',
  'calendario',
  'agente',
  'precio',
  'reprogramada',
] as const;
export type TemplateValues = Record<(typeof TEMPLATE_VARIABLES)[number], string>;

/** Refuses a template naming a variable nobody fills: the customer would read `{fehca}`. */
export function checkTemplate(text: string): string {
  const unknown = unknownVariables(text, TEMPLATE_VARIABLES);
  if (unknown.length > 0)
    throw invalidArguments(
      `template_text uses unknown variables: ${unknown.map((v) => `{${v}}`).join(', ')}. Known: ${TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(', ')}.`,
      [{ path: 'template_text', message: 'unknown variable' }],
    );
  return text;
}
