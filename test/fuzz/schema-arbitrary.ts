import fc from 'fast-check';

/** The JSON Schema keywords the tools' input schemas use (typebox's output). */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
}

/** An object `levels` deep: past the kernel's nesting limit from 32 on. */
const nested = (levels: number): unknown => {
  let value: unknown = 'x';
  for (let level = 0; level < levels; level++) value = { a: value };
  return value;
};

/** Anything at all: what a careless or hostile client might send in place of a value. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(2 ** 31, -(2 ** 31) - 1, Number.MAX_SAFE_INTEGER, 1e308, -0),
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    'a\udc00b',
    'ñ🙂',
    "'; drop table shops; --",
    '%',
    '_',
    '2026-13-45',
    '../../etc',
  ),
  fc.integer({ min: 2, max: 2_000 }).map(nested),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

/** Strings a shop's data is made of, so that calls find records and pass business rules too. */
const plausible = fc.constantFrom(
  '+34600111222',
  '+34600111333',
  '+5491155550000',
  'ana@example.com',
  'VIP',
  'Hola {{nombre}}',
  '2026-12-01 10:00:00',
  '2026-12-01',
  '10:00',
  'Europe/Madrid',
  'https://example.com/a.png',
);

/** A value the schema accepts (ids small, so that some name records the fuzz created). */
function valid(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((option) => valid(option, depth)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer': {
      const min = Math.max(schema.minimum ?? 0, -2_147_483_648);
      const max = Math.min(schema.maximum ?? 2_147_483_647, 2_147_483_647);
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 5) }) },
        { weight: 1, arbitrary: fc.integer({ min, max }) },
      );
    }
    case 'number':
      return fc.double({
        noNaN: true,
        noDefaultInfinity: true,
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
      });
    case 'boolean':
      return fc.boolean();
    case 'string': {
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? 40, 60);
      const fits = (s: string) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity);
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
      if (schema.format === 'date-time' || schema.format === 'date')
        return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.oneof(plausible.filter(fits), fc.string({ minLength, maxLength }));
    }
    case 'array':
      return fc.array(valid(schema.items ?? {}, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object':
      return depth > 3 ? fc.constant({}) : validObject(schema, depth + 1);
    case 'null':
      return fc.constant(null);
    default:
      return hostile;
  }
}

function validObject(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const required = new Set(schema.required ?? []);
  const entries = Object.entries(schema.properties ?? {}).map(([name, property]) =>
    required.has(name)
      ? valid(property, depth).map((v) => [name, v] as const)
      : fc.option(
          valid(property, depth).map((v) => [name, v] as const),
          { nil: null },
        ),
  );
  if (entries.length === 0) return fc.constant({});
  return fc.tuple(...entries).map((pairs) => Object.fromEntries(pairs.filter((pair) => pair !== null)));
}

/** A valid object spoiled once: a value replaced by a hostile one, a property dropped, or one added. */
function spoiled(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const names = Object.keys(schema.properties ?? {});
  return fc
    .tuple(validObject(schema, 1), fc.nat(), hostile, fc.string({ minLength: 1, maxLength: 8 }), fc.nat(2))
    .map(([args, pick, bad, extra, how]) => {
      const out = { ...args };
      const name = names.length ? names[pick % names.length]! : undefined;
      if (how === 0 && name) out[name] = bad;
      else if (how === 1 && name) delete out[name];
      else out[extra] = bad;
      return out;
    });
}

/** Arguments for a tool: mostly valid for its schema (so handlers run), sometimes spoiled once. */
export const argumentsFor = (schema: object): fc.Arbitrary<Record<string, unknown>> =>
  fc.oneof(
    { weight: 3, arbitrary: validObject(schema as Schema, 0) },
    { weight: 1, arbitrary: spoiled(schema as Schema) },
  );
