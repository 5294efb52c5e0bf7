/** `{name}` placeholders in a customer message (the campaigns' form: `Hola {nombre}`). */
const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The distinct variables a template names that are not among `known`, in order of appearance. */
export function unknownVariables(template: string, known: readonly string[]): string[] {
  return [...new Set([...template.matchAll(VARIABLE)].map((m) => m[1]!))].filter((name) => !known.includes(name));
}

/** Fills the variables `values` has; braces naming anything else stay as written. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(VARIABLE, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));
}
