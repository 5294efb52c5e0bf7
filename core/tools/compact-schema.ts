/**
 * Published schemas in their shortest equivalent form. typebox spells a nullable field
 * `anyOf: [T, {type: 'null'}]` and a union of literals `anyOf: [{type, const}, …]`; JSON Schema
 * says the same with `type: [T, 'null']` and `enum`, in a third of the bytes. On 395 tools that
 * was some 60 KB of tools/list. Only what clients are shown is compacted: the kernel validates
 * arguments and checks answers with the schemas as written.
 */

type Schema = Record<string, unknown>;

export const SUBSCHEMA = ['items', 'additionalProperties', 'not', 'contains', 'propertyNames'] as const;
export const SUBSCHEMA_LISTS = ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const;
export const SUBSCHEMA_MAPS = ['properties', 'patternProperties', '$defs'] as const;

const BOUNDS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
] as const;

/** Keywords that only restrict values of some type: they let a null through, so `type` may gain 'null'. */
const TYPE_ONLY = new Set([
  'type',
  'description',
  'title',
  'default',
  'examples',
  'format',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'contains',
  'properties',
  'patternProperties',
  'additionalProperties',
  'required',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'enum',
  'const',
]);

export interface CompactOptions {
  /**
   * Leave nested objects open (no `additionalProperties: false`). For output schemas: clients only
   * check that an answer fits, and the kernel holds its answers to the closed shape itself.
   */
  openObjects?: boolean;
  /**
   * Drop a `type` that `const` or `enum` already implies (`{type: 'boolean', const: true}` →
   * `{const: true}`). For output schemas only: some model providers insist on a type in arguments.
   */
  impliedTypes?: boolean;
  /**
   * Leave descriptions out. For output schemas: clients validate answers against them and models
   * are not shown them; what a tool answers is said in its description.
   */
  withoutDescriptions?: boolean;
  /**
   * Leave out `required`. For output schemas: nearly every field of an answer is always there (a
   * missing value is null), so the lists repeated each object's field names; the kernel holds its
   * answers to them itself (tools.checkOutput).
   */
  withoutRequired?: boolean;
  /**
   * Leave out bounds (minimum, maximum, lengths, item counts). For output schemas: a client only
   * checks that an answer fits, and the kernel holds its answers to the bounds itself.
   */
  withoutBounds?: boolean;
  /**
   * Leave out integer bounds equal to these (PostgreSQL's integer range, which the kernel adds to
   * every integer argument): no sensible call reaches them, and a call that does is refused with
   * the bound named.
   */
  impliedIntegerBounds?: readonly [minimum: number, maximum: number];
}

export function compactSchema<T>(schema: T, options: CompactOptions = {}): T {
  return compact(schema, options, true) as T;
}

function compact(value: unknown, options: CompactOptions, top: boolean): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const schema: Schema = { ...(value as Schema) };
  for (const key of SUBSCHEMA)
    if (typeof schema[key] === 'object' && schema[key] !== null) schema[key] = compact(schema[key], options, false);
  for (const key of SUBSCHEMA_LISTS)
    if (Array.isArray(schema[key])) schema[key] = (schema[key] as unknown[]).map((s) => compact(s, options, false));
  for (const key of SUBSCHEMA_MAPS)
    if (typeof schema[key] === 'object' && schema[key] !== null)
      schema[key] = Object.fromEntries(
        Object.entries(schema[key] as Schema).map(([name, s]) => [name, compact(s, options, false)]),
      );
  if (options.openObjects && !top && schema.additionalProperties === false) delete schema.additionalProperties;
  // true is what an absent additionalProperties means.
  if (schema.additionalProperties === true) delete schema.additionalProperties;
  // typebox's Record(String, Unknown): a pattern every name matches, for any value, says nothing.
  if (isCatchAll(schema.patternProperties)) delete schema.patternProperties;
  if (options.withoutDescriptions) delete schema.description;
  if (options.withoutRequired) delete schema.required;
  if (options.withoutBounds) for (const bound of BOUNDS) delete schema[bound];
  if (options.impliedIntegerBounds) {
    const [minimum, maximum] = options.impliedIntegerBounds;
    if (schema.minimum === minimum && typesOf(schema).includes('integer')) delete schema.minimum;
    if (schema.maximum === maximum && typesOf(schema).includes('integer')) delete schema.maximum;
  }
  const compacted = nullable(literals(schema));
  return options.impliedTypes ? withoutImpliedType(compacted) : compacted;
}

const isCatchAll = (patterns: unknown): boolean => {
  if (typeof patterns !== 'object' || patterns === null) return false;
  const entries = Object.entries(patterns);
  return entries.length === 1 && entries[0]![0] === '^.*$' && JSON.stringify(entries[0]![1]) === '{}';
};

const jsonTypeOf = (value: unknown): string[] =>
  value === null
    ? ['null']
    : typeof value === 'number'
      ? Number.isInteger(value)
        ? ['integer', 'number']
        : ['number']
      : Array.isArray(value)
        ? ['array']
        : [typeof value];

function withoutImpliedType(schema: Schema): Schema {
  if (schema.type === undefined) return schema;
  const values = 'const' in schema ? [schema.const] : Array.isArray(schema.enum) ? (schema.enum as unknown[]) : null;
  if (values === null) return schema;
  const types = typesOf(schema);
  if (!values.every((v) => jsonTypeOf(v).some((t) => types.includes(t)))) return schema;
  const { type: _, ...rest } = schema;
  return rest;
}

const isLiteral = (s: unknown): s is Schema =>
  typeof s === 'object' &&
  s !== null &&
  ('const' in s || 'enum' in s) &&
  Object.keys(s).every((k) => k === 'type' || k === 'const' || k === 'enum');

const typesOf = (s: Schema): unknown[] => (s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type]);

/** `anyOf` of literals → one `enum` (with the types they name). */
function literals(schema: Schema): Schema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length < 2 || !branches.every(isLiteral)) return schema;
  const values = branches.flatMap((b) => ('const' in b ? [b.const] : (b.enum as unknown[])));
  const untyped = branches.some((b) => b.type === undefined);
  const types = [...new Set(branches.flatMap(typesOf))];
  const { anyOf: _, ...rest } = schema;
  if (rest.type !== undefined || rest.enum !== undefined || rest.const !== undefined) return schema;
  return { ...(!untyped && { type: types.length === 1 ? types[0] : types }), enum: values, ...rest };
}

/** `anyOf: [T, {type: 'null'}]` → T with 'null' among its types (and in its enum). */
function nullable(schema: Schema): Schema {
  const branches = schema.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return schema;
  const nullAt = branches.findIndex((b) => JSON.stringify(b) === '{"type":"null"}');
  if (nullAt < 0) return schema;
  const other = branches[1 - nullAt] as Schema;
  const { anyOf: _, ...outer } = schema;
  if (typeof other !== 'object' || other === null || !Object.keys(other).every((k) => TYPE_ONLY.has(k))) return schema;
  if (Object.keys(outer).some((k) => k in other || !TYPE_ONLY.has(k))) return schema;
  const merged: Schema = { ...other, ...outer };
  if ('const' in merged) {
    merged.enum = [merged.const, null];
    delete merged.const;
  } else if (Array.isArray(merged.enum) && !merged.enum.includes(null))
    merged.enum = [...(merged.enum as unknown[]), null];
  const types = typesOf(other);
  if (types.length > 0) merged.type = types.includes('null') ? types : [...types, 'null'];
  else if (merged.enum === undefined) return schema;
  return merged;
}

/** A shape repeated within one schema is worth a `$defs` entry from this size on. */
const MIN_SHARED_BYTES = 80;

/**
 * The schema with every shape it holds more than once (a record returned at the top and inside a
 * list, a line's summary under several fields) written once under `$defs` and referenced where it
 * appears. MCP clients compile each tool's schema on its own, so shapes are shared within a tool's
 * schema, never across tools. Names come from the property where a shape first appears.
 */
export function shareRepeatedShapes<T>(schema: T): T {
  let root = schema as unknown as Schema;
  const defs: Schema = {};
  for (;;) {
    const seen = new Map<string, { count: number; names: Set<string>; parents: Set<string> }>();
    visit(root, 'schema', (node, name, parent) => {
      const key = JSON.stringify(node);
      if (key.length < MIN_SHARED_BYTES) return;
      const entry = seen.get(key) ?? { count: 0, names: new Set(), parents: new Set() };
      entry.count += 1;
      entry.names.add(name);
      entry.parents.add(parent);
      seen.set(key, entry);
    });
    const repeated = [...seen].filter(([, e]) => e.count > 1).sort((a, b) => b[0].length - a[0].length)[0];
    if (!repeated) break;
    const [key, { names, parents }] = repeated;
    // One shape under several fields of one object (each section's rights) is named for the object.
    const name = names.size === 1 || parents.size !== 1 ? [...names][0]! : `${[...parents][0]!}_entry`;
    let unique = name;
    for (let n = 2; unique in defs; n++) unique = `${name}${n}`;
    defs[unique] = JSON.parse(key);
    root = replace(root, key, { $ref: `#/$defs/${unique}` }) as Schema;
    for (const [defName, def] of Object.entries(defs))
      if (defName !== unique) defs[defName] = replace(def, key, { $ref: `#/$defs/${unique}` });
  }
  return (Object.keys(defs).length ? { ...root, $defs: { ...(root.$defs as Schema), ...defs } } : root) as T;
}

/** Calls `found` on every subschema below the root, with a name for it. */
function visit(node: unknown, name: string, found: (node: Schema, name: string, parent: string) => void): void {
  if (typeof node !== 'object' || node === null || Array.isArray(node)) return;
  const schema = node as Schema;
  for (const key of SUBSCHEMA)
    if (typeof schema[key] === 'object' && schema[key] !== null) {
      const child = key === 'items' ? `${name}_item` : `${name}_${key}`;
      found(schema[key] as Schema, child, name);
      visit(schema[key], child, found);
    }
  for (const key of SUBSCHEMA_LISTS)
    if (Array.isArray(schema[key]))
      (schema[key] as unknown[]).forEach((s, i) => {
        const child = `${name}_${i + 1}`;
        found(s as Schema, child, name);
        visit(s, child, found);
      });
  for (const key of ['properties', 'patternProperties'] as const)
    if (typeof schema[key] === 'object' && schema[key] !== null)
      for (const [prop, s] of Object.entries(schema[key] as Schema)) {
        const child = /^[a-z][a-z0-9_]*$/i.test(prop) ? prop : `${name}_value`;
        found(s as Schema, child, name);
        visit(s, child, found);
      }
}

function replace(node: unknown, key: string, by: Schema): unknown {
  if (typeof node !== 'object' || node === null) return node;
  if (JSON.stringify(node) === key) return by;
  if (Array.isArray(node)) return node.map((n) => replace(n, key, by));
  return Object.fromEntries(
    Object.entries(node as Schema).map(([k, v]) => [
      k,
      k === 'const' || k === 'enum' || k === 'default' || k === 'examples' ? v : replace(v, key, by),
    ]),
  );
}
