import { Type, type TObject, type TProperties, type TSchema } from 'typebox';

/** A value or null: how outputs show a field that may be empty. */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** An ISO 8601 instant, as every output writes times (UTC, `toISOString()`). */
export const DateTime = (description?: string) =>
  Type.String({ format: 'date-time', ...(description !== undefined && { description }) });

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
