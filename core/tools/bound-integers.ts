import type { TSchema } from 'typebox';

/** PostgreSQL's integer: what an id, a count or an offset column holds unless a tool says otherwise. */
export const INTEGER_MIN = -2_147_483_648;
export const INTEGER_MAX = 2_147_483_647;

const NESTED = ['items', 'additionalProperties', 'not'] as const;
const NESTED_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
const NESTED_MAPS = ['properties', 'patternProperties'] as const;

/**
 * The schema with every integer bounded: a missing minimum or maximum becomes PostgreSQL's integer
 * range, so `1e21` or `2147483648` is refused as invalid_arguments instead of failing in SQL. A
 * tool that needs a wider integer (a bigint amount) declares its own bounds. The group's schema
 * objects are left as they are: they may be shared, and typebox keeps its markers in
 * non-enumerable properties that a copy must carry over.
 */
export function boundIntegers<T extends TSchema>(schema: T): T {
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy = Object.defineProperties({}, Object.getOwnPropertyDescriptors(schema)) as Record<string, unknown>;
  const types = Array.isArray(copy.type) ? copy.type : [copy.type];
  if (types.includes('integer')) {
    if (copy.minimum === undefined && copy.exclusiveMinimum === undefined) copy.minimum = INTEGER_MIN;
    if (copy.maximum === undefined && copy.exclusiveMaximum === undefined) copy.maximum = INTEGER_MAX;
  }
  for (const key of NESTED)
    if (typeof copy[key] === 'object' && copy[key] !== null) copy[key] = boundIntegers(copy[key] as TSchema);
  for (const key of NESTED_LISTS)
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as TSchema[]).map((s) => boundIntegers(s));
  for (const key of NESTED_MAPS)
    if (typeof copy[key] === 'object' && copy[key] !== null)
      copy[key] = Object.fromEntries(
        Object.entries(copy[key] as Record<string, TSchema>).map(([name, s]) => [name, boundIntegers(s)]),
      );
  return copy as T;
}
