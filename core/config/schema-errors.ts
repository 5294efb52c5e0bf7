import type { TLocalizedValidationError } from 'typebox/error';
import { VOCABULARY_MESSAGES } from '../util/date-args.js';

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
  for (const e of fittingBranches([...errors])) {
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
      case 'pattern':
        if (!byPath.has(base)) byPath.set(base, VOCABULARY_MESSAGES.get(params.pattern as string) ?? e.message);
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

/**
 * A union reports every branch it tried; only the branches that fit the value's type say anything
 * useful ("9:00" for business hours is a bad time, not a failed null). Branches refused for their
 * type are dropped when another branch took the value's type; when none did, one error names the
 * types the union takes.
 */
function fittingBranches(errors: TLocalizedValidationError[]): TLocalizedValidationError[] {
  let kept = errors;
  for (const union of errors.filter((e) => e.keyword === 'anyOf')) {
    const prefix = `${union.schemaPath}/anyOf/`;
    const branchOf = (e: TLocalizedValidationError) =>
      e.schemaPath.startsWith(prefix) ? e.schemaPath.slice(prefix.length).split('/')[0]! : undefined;
    const misfits = new Map<string, string>();
    const tried = new Set<string>();
    for (const e of kept) {
      const branch = branchOf(e);
      if (branch === undefined) continue;
      tried.add(branch);
      if (e.keyword === 'type' && e.instancePath === union.instancePath)
        misfits.set(branch, String((e.params as { type?: unknown }).type));
    }
    if (misfits.size === 0) continue;
    if (misfits.size < tried.size) {
      kept = kept.filter((e) => !misfits.has(branchOf(e) ?? '') && e !== union);
      continue;
    }
    const types = [...new Set(misfits.values())];
    kept = kept.filter((e) => branchOf(e) === undefined && e !== union);
    kept.push({ ...union, keyword: 'type', message: `must be ${types.join(' or ')}` } as TLocalizedValidationError);
  }
  return kept;
}

const join = (base: string, name: string) => (base ? `${base}.${name}` : name);
