import { fillVariables } from '../../../../core/index.js';

/** `{nombre}`, `{telefono}`, `{tienda}` (as campaigns) and `{var.<name>}` (a run variable). */
const PLACEHOLDER = /\{(var\.)?([A-Za-z_][A-Za-z0-9_]*)\}/g;
export const CUSTOMER_PLACEHOLDERS = ['nombre', 'telefono', 'tienda'] as const;

/** The placeholders of a text that are not known: a customer field not offered, or a variable nothing sets. */
export function unknownPlaceholders(text: string, variables: ReadonlySet<string>): string[] {
  const unknown = new Set<string>();
  for (const m of text.matchAll(PLACEHOLDER)) {
    const known = m[1] ? variables.has(m[2]!) : (CUSTOMER_PLACEHOLDERS as readonly string[]).includes(m[2]!);
    if (!known) unknown.add(m[0]);
  }
  return [...unknown];
}

export interface PlaceholderValues {
  nombre: string;
  telefono: string;
  tienda: string;
  variables: Readonly<Record<string, string>>;
}

/**
 * The text with its placeholders filled. One with no value (a customer without a name, a variable
 * not set yet) is dropped with the space and punctuation that joined it, as in every template.
 */
export function fillPlaceholders(text: string, values: PlaceholderValues): string {
  return fillVariables(text, PLACEHOLDER, (_whole, isVar, name) => {
    if (isVar) return values.variables[name!] ?? null;
    return name === 'nombre' || name === 'telefono' || name === 'tienda' ? values[name] : undefined;
  });
}
