import { SUBSCHEMA, SUBSCHEMA_LISTS, SUBSCHEMA_MAPS } from './compact-schema.js';

type Schema = Record<string, unknown>;

/** From this many properties of one shape, naming them once and giving the shape once pays. */
const MIN_UNIFORM = 3;

/**
 * The schema with each closed object whose properties all share one shape, none required (an
 * agent's access per section, a week of opening hours, each notification type's switches),
 * written as the names it takes and the shape once: `propertyNames: { enum }` and
 * `additionalProperties`. It takes and refuses exactly what the object did, without `$ref`, which
 * some providers refuse in arguments: 11 copies of an agent's section rights were 385 tokens.
 * An open object is left as it is: naming its properties would refuse the others it takes.
 */
export function foldUniformObjects<T>(schema: T): T {
  // The root stays as it is: a tool's arguments are listed by name.
  return fold(schema, true) as T;
}

function fold(value: unknown, top = false): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const schema: Schema = { ...(value as Schema) };
  for (const key of SUBSCHEMA)
    if (typeof schema[key] === 'object' && schema[key] !== null) schema[key] = fold(schema[key]);
  for (const key of SUBSCHEMA_LISTS)
    if (Array.isArray(schema[key])) schema[key] = (schema[key] as unknown[]).map((s) => fold(s));
  for (const key of SUBSCHEMA_MAPS)
    if (typeof schema[key] === 'object' && schema[key] !== null)
      schema[key] = Object.fromEntries(Object.entries(schema[key] as Schema).map(([name, s]) => [name, fold(s)]));
  const properties = schema.properties as Schema | undefined;
  if (
    top ||
    !properties ||
    schema.additionalProperties !== false ||
    schema.patternProperties !== undefined ||
    (Array.isArray(schema.required) && schema.required.length > 0)
  )
    return schema;
  const names = Object.keys(properties);
  const shapes = new Set(names.map((name) => JSON.stringify(properties[name])));
  if (names.length < MIN_UNIFORM || shapes.size !== 1) return schema;
  const { properties: _, required: __, ...rest } = schema;
  return { ...rest, propertyNames: { enum: names }, additionalProperties: properties[names[0]!] };
}
