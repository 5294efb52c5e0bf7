import { Type, type TObject, type TProperties, type TSchema } from 'typebox';

/** A value or null: how outputs show a field that may be empty. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** One of a list of literals: the output schema of a status or a kind whose values the group lists. */
export const oneOf = <T extends string>(values: readonly T[]) => Type.Union(values.map((v) => Type.Literal(v)));

/** An ISO 8601 instant, as every output writes times (UTC, `toISOString()`). */
export const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description !== undefined && { description }) });

/**
 * What the shop should know about a configuration that was saved all the same (a host name that
 * does not resolve right now); empty when there is nothing to say.
 */
export const WarningsOutput = () =>
  Type.Array(Type.String(), { description: 'What to know about what was saved; empty when nothing.' });

/**
 * The output of a list tool, as pageOf builds it: `{ [key]: items, count, limit, offset, has_more }`,
 * plus the `extra` fields the tool adds beside the page.
 */
export const pageOutput = <K extends string, T extends TSchema>(key: K, item: T, extra: TProperties = {}): TObject =>
  Type.Object({
    ...extra,
    [key]: Type.Array(item),
    count: Type.Integer({ minimum: 0, description: 'Records matching, over all pages.' }),
    limit: Type.Integer({ minimum: 1 }),
    offset: Type.Integer({ minimum: 0 }),
    has_more: Type.Boolean(),
  });
