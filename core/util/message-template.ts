/** `{name}` placeholders in a customer message (the campaigns' form: `Hola {nombre}`). */
const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * Where a variable with nothing to say stood while the text is tidied. NUL never reaches a
 * template: the kernel refuses it in every argument, and PostgreSQL text cannot hold it.
 */
const GAP = '\u0000';

/** The distinct variables a template names that are not among `known`, in order of appearance. */
export function unknownVariables(template: string, known: readonly string[]): string[] {
  return [...new Set([...template.matchAll(VARIABLE)].map((m) => m[1]!))].filter((name) => !known.includes(name));
}

/**
 * Fills the variables `values` has; braces naming anything else stay as written. A variable whose
 * value is null or blank (a customer with no name) is dropped with what joined it to the text:
 * "Hola {nombre}! Bienvenido" → "Hola! Bienvenido", "Thanks {nombre}, a colleague…" → "Thanks, a
 * colleague…" (docs/decisions.md, "Template variables with no value").
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string | null | undefined>>): string {
  return fillVariables(template, VARIABLE, (_whole, name) =>
    Object.hasOwn(values, name) ? (values[name] ?? null) : undefined,
  );
}

/**
 * The same rule for a template language of its own (automation's `{var.<name>}`): `pattern` is a
 * global regular expression whose matches `valueOf` receives as `replace` would pass them; it
 * answers the text, null (or blank) to drop the variable, or undefined to leave it as written.
 */
export function fillVariables(
  template: string,
  pattern: RegExp,
  valueOf: (whole: string, ...groups: string[]) => string | null | undefined,
): string {
  let gaps = false;
  const filled = template.replace(pattern, (whole: string, ...rest: unknown[]) => {
    // replace() passes the groups, then the offset (the first number), the input and named groups.
    const value = valueOf(
      whole,
      ...(rest.slice(
        0,
        rest.findIndex((r) => typeof r === 'number'),
      ) as string[]),
    );
    if (value === undefined) return whole;
    if (value === null || value.trim() === '') {
      gaps = true;
      return GAP;
    }
    return value;
  });
  return gaps ? closeGaps(filled) : filled;
}

/**
 * Removes each gap with the space and punctuation that joined it to its neighbours: empty brackets
 * around it, then at the start of a line the comma or colon after it ("{nombre}, your order" →
 * "your order"), elsewhere the spaces and the comma or colon before it ("Gracias, {nombre}." →
 * "Gracias.", "Here it is: {enlace} — Shop" → "Here it is — Shop").
 */
function closeGaps(text: string): string {
  return text.replace(EMPTY_BRACKETS, GAP).replace(LINE_START_GAP, '$1').replace(INNER_GAP, '');
}

// Built from GAP rather than written as literals, which would spell a control character.
const EMPTY_BRACKETS = new RegExp(`[([][ \\t]*${GAP}[ \\t]*[)\\]]`, 'g');
const LINE_START_GAP = new RegExp(`(^|\\n)[ \\t]*${GAP}[ \\t]*[,;:]?[ \\t]*`, 'g');
const INNER_GAP = new RegExp(`[ \\t]*[,;:]?[ \\t]*${GAP}`, 'g');
