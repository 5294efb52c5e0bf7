import { Ajv, type ValidateFunction } from 'ajv';
import { invalidArguments } from '../../../../core/index.js';

const MAX_PROPERTIES = 20;
const MAX_DEPTH = 3;
/**
 * The JSON Schema a function's parameters may use: enough to describe arguments to a model, and
 * nothing that runs a shop's expression on the server (`pattern` is a regular expression) or
 * reaches out (`$ref`).
 */
const KEYWORDS = new Set([
  'type',
  'properties',
  'required',
  'description',
  'title',
  'enum',
  'items',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'default',
  'format',
  'additionalProperties',
]);
const TYPES = new Set(['object', 'string', 'number', 'integer', 'boolean', 'array', 'null']);

const ajv = new Ajv({ strict: true, allErrors: true, validateFormats: false });
const compiled = new Map<string, ValidateFunction>();

/** Checks a parameters schema; throws invalid_arguments with the JSON path of each problem. */
export function checkParametersSchema(schema: unknown): Record<string, unknown> {
  const errors: { path: string; message: string }[] = [];
  const walk = (node: unknown, path: string, depth: number) => {
    if (typeof node !== 'object' || node === null || Array.isArray(node)) {
      errors.push({ path, message: 'must be a schema object' });
      return;
    }
    const entries = Object.entries(node as Record<string, unknown>);
    for (const [key, value] of entries) {
      if (!KEYWORDS.has(key)) errors.push({ path: `${path}/${key}`, message: `the keyword ${key} is not allowed` });
      if (key === 'type') {
        const types = Array.isArray(value) ? value : [value];
        for (const t of types)
          if (typeof t !== 'string' || !TYPES.has(t))
            errors.push({ path: `${path}/type`, message: `unknown type ${JSON.stringify(t)}` });
      }
      if (key === 'additionalProperties' && typeof value !== 'boolean')
        errors.push({ path: `${path}/additionalProperties`, message: 'must be true or false' });
    }
    const record = node as Record<string, unknown>;
    if (record.properties !== undefined) {
      if (depth >= MAX_DEPTH) errors.push({ path, message: `objects nest at most ${MAX_DEPTH} deep` });
      else if (typeof record.properties === 'object' && record.properties !== null)
        for (const [name, sub] of Object.entries(record.properties)) walk(sub, `${path}/properties/${name}`, depth + 1);
    }
    if (record.items !== undefined) {
      if (depth >= MAX_DEPTH) errors.push({ path, message: `arrays nest at most ${MAX_DEPTH} deep` });
      else walk(record.items, `${path}/items`, depth + 1);
    }
  };
  const root = schema as Record<string, unknown>;
  if (typeof schema !== 'object' || schema === null || root.type !== 'object')
    errors.push({ path: 'parameters.type', message: 'the parameters schema must be { "type": "object", … }' });
  else {
    const count = Object.keys((root.properties as object | undefined) ?? {}).length;
    if (count > MAX_PROPERTIES)
      errors.push({ path: 'parameters.properties', message: `at most ${MAX_PROPERTIES} properties (${count} given)` });
    walk(schema, 'parameters', 1);
  }
  if (errors.length === 0) {
    try {
      ajv.compile(schema as object);
    } catch (err) {
      errors.push({ path: 'parameters', message: (err as Error).message });
    }
  }
  if (errors.length > 0)
    throw invalidArguments(
      `The parameters schema is not accepted: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}.`,
      errors,
    );
  return schema as Record<string, unknown>;
}

/** The arguments checked against the function's schema: null when they pass, else the errors. */
export function argumentErrors(
  schema: Record<string, unknown>,
  args: unknown,
): { path: string; message: string }[] | null {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    // A shop edits its functions rarely: a small cache, dropped whole when it fills.
    if (compiled.size >= 500) compiled.clear();
    compiled.set(key, validate);
  }
  if (validate(args)) return null;
  return (validate.errors ?? []).map((e) => ({
    path: `arguments${e.instancePath.replaceAll('/', '.')}`,
    message: e.message ?? 'invalid',
  }));
}
