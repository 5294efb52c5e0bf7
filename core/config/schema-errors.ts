import type { TLocalizedValidationError } from 'typebox/error';

export interface FieldError {
  path: string;
  message: string;
}

/**
 * Turns typebox's validation errors into one readable entry per failing field. Callers are models
 * and operators: "action: must be \"create\"" helps them correct a call, "must be equal to
 * constant" does not.
 */
export function describeErrors(errors: Iterable<TLocalizedValidationError>): FieldError[] {
  const byPath = new Map<string, string>();
  // Constants tried by a union of literals: typebox does not always add the union's own anyOf
  // error, so the allowed values are gathered to report the field in any case.
  const unionConstants = new Map<string, unknown[]>();
  for (const e of errors) {
    const base = e.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const params = e.params as Record<string, unknown>;
    switch (e.keyword) {
      case 'required':
        for (const name of params.requiredProperties as string[]) {
          byPath.set(join(base, name), 'is required');
        }
        break;
      case 'additionalProperties':
        for (const name of params.additionalProperties as string[]) {
          byPath.set(join(base, name), 'is not a known argument');
        }
        break;
      case 'boolean':
        // typebox reports an unknown property twice; the additionalProperties entry names it.
        break;
      case 'propertyNames':
        // Reported again per key under the key's own path, with the pattern it must match.
        break;
      case 'const':
        if (!e.schemaPath.includes('anyOf')) byPath.set(base, `must be ${JSON.stringify(params.allowedValue)}`);
        else unionConstants.set(base, [...(unionConstants.get(base) ?? []), params.allowedValue]);
        break;
      case 'enum':
        byPath.set(
          base,
          `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        );
        break;
      case 'anyOf':
        if (!byPath.has(base)) byPath.set(base, 'does not match any allowed form');
        break;
      default:
        if (!byPath.has(base)) byPath.set(base, e.message);
    }
  }
  for (const [base, values] of unionConstants) {
    if (!byPath.has(base) || byPath.get(base) === 'does not match any allowed form')
      byPath.set(base, `must be one of ${values.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  return [...byPath].map(([path, message]) => ({ path: path || '(root)', message }));
}

const join = (base: string, name: string) => (base ? `${base}.${name}` : name);
