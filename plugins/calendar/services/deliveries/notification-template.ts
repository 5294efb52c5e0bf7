import { invalidArguments } from '../../../../core/index.js';

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

const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Refuses a template naming a variable nobody fills: the customer would read `{fehca}`. */
export function checkTemplate(text: string): string {
  const unknown = [...text.matchAll(VARIABLE)]
    .map((m) => m[1]!)
    .filter((name) => !(TEMPLATE_VARIABLES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw invalidArguments(
      `template_text uses unknown variables: ${[...new Set(unknown)].map((v) => `{${v}}`).join(', ')}. Known: ${TEMPLATE_VARIABLES.map((v) => `{${v}}`).join(', ')}.`,
      [{ path: 'template_text', message: 'unknown variable' }],
    );
  return text;
}

export const fillNotification = (text: string, values: TemplateValues): string =>
  text.replace(VARIABLE, (whole, name: string) => (name in values ? values[name as keyof TemplateValues] : whole));
