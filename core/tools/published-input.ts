import { PUBLISHED_FORMS } from '../util/date-args.js';
import { INTEGER_MAX, INTEGER_MIN } from './bound-integers.js';
import { compactSchema, SUBSCHEMA, SUBSCHEMA_LISTS, SUBSCHEMA_MAPS } from './compact-schema.js';
import { foldUniformObjects } from './uniform-objects.js';

type Schema = Record<string, unknown>;

/**
 * A string's maxLength is shown only in this range: the length of a message, a note or a prompt a
 * model drafts and may overrun. Below it, it guards storage (a name, a subject, a token, a URL); from
 * its top on, it guards the request (a document, a mail body, a base64 file): no call a model writes
 * reaches either, and one that does is refused with the bound named.
 */
const DRAFT_LENGTHS = { from: 2_100, below: 10_000 };

/**
 * A tool's input schema as tools/list publishes it: what tells a model how to call, without the
 * bounds only the server needs. The kernel still validates every call with the full schema and
 * refuses a value past a bound with the bound named, so nothing here lets a bad call through, and
 * the published schema never refuses a call the kernel would take. Left out (docs/decisions.md,
 * "Published schemas"): PostgreSQL's integer range, `additionalProperties: false` below the root
 * (the root keeps it: it says the tool takes these arguments only), `minLength`, a maxLength
 * outside DRAFT_LENGTHS or on a string a format or pattern already shapes, a lower bound of 0 or 1 with
 * no upper bound (ids, offsets, counts), the kernel's own `secret` marker; the shared date and time
 * patterns become a format or a few words (PUBLISHED_FORMS); a closed object of properties of one
 * shape names them and gives the shape once (foldUniformObjects). Added: the type of an enum of
 * strings or of numbers.
 */
export function publishedInput<T>(schema: T): T {
  const taken = withoutNoEffect(schema as Schema);
  // Folded first: whether an object is closed is gone once compacting opens it.
  const compacted = compactSchema(foldUniformObjects(taken), {
    impliedIntegerBounds: [INTEGER_MIN, INTEGER_MAX],
    openObjects: true,
  });
  return lean(compacted) as T;
}

/** The arguments without those a tool takes and never reads (NoEffectArg): nothing for a model to send. */
function withoutNoEffect(schema: Schema): Schema {
  const properties = schema.properties as Record<string, Schema> | undefined;
  if (!properties) return schema;
  const kept = Object.fromEntries(Object.entries(properties).filter(([, s]) => s.noEffect !== true));
  if (Object.keys(kept).length === Object.keys(properties).length) return schema;
  return { ...schema, properties: kept };
}

function lean(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const schema: Schema = { ...(value as Schema) };
  for (const key of SUBSCHEMA)
    if (typeof schema[key] === 'object' && schema[key] !== null) schema[key] = lean(schema[key]);
  for (const key of SUBSCHEMA_LISTS) if (Array.isArray(schema[key])) schema[key] = (schema[key] as unknown[]).map(lean);
  for (const key of SUBSCHEMA_MAPS)
    if (typeof schema[key] === 'object' && schema[key] !== null)
      schema[key] = Object.fromEntries(Object.entries(schema[key] as Schema).map(([name, s]) => [name, lean(s)]));
  delete schema.secret;
  // typebox's enums carry no type, and some model providers refuse a property without one.
  if (Array.isArray(schema.enum) && schema.type === undefined) {
    const types = new Set((schema.enum as unknown[]).map((v) => (v === null ? 'null' : typeof v)));
    if (types.size === 1 && (types.has('string') || types.has('number'))) schema.type = [...types][0];
  }
  // A least length guards what is stored (a token, a secret, a code), never a call a model means to make.
  delete schema.minLength;
  const form = typeof schema.pattern === 'string' ? PUBLISHED_FORMS.get(schema.pattern) : undefined;
  if (form) {
    delete schema.pattern;
    if ('format' in form) schema.format = form.format;
    else {
      const description = typeof schema.description === 'string' ? schema.description : '';
      if (!description.includes(form.notation))
        schema.description = description ? `${description} ${form.hint}` : form.hint;
    }
  }
  if (
    typeof schema.maxLength === 'number' &&
    (schema.maxLength < DRAFT_LENGTHS.from ||
      schema.maxLength >= DRAFT_LENGTHS.below ||
      schema.pattern !== undefined ||
      schema.format !== undefined)
  )
    delete schema.maxLength;
  if (
    (schema.minimum === 0 || schema.minimum === 1) &&
    schema.maximum === undefined &&
    schema.exclusiveMaximum === undefined &&
    isInteger(schema)
  )
    delete schema.minimum;
  return schema;
}

const isInteger = (schema: Schema) => (Array.isArray(schema.type) ? schema.type : [schema.type]).includes('integer');
