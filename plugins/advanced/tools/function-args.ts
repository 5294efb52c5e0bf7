import { Type } from '../../../core/index.js';
import { SURFACES } from '../../prompt/surface.js';
import { FUNCTION_METHODS, SIDE_EFFECTS } from '../entities/values.js';

/** The fields create_custom_function takes and update_custom_function may change. */
export const functionFieldArgs = {
  description: Type.String({
    minLength: 1,
    maxLength: 1024,
    description: 'What the model reads to decide when to call it and with what.',
  }),
  parameters: Type.Record(Type.String(), Type.Unknown(), {
    description: 'JSON Schema of the arguments (type object; at most 20 properties, 3 levels, no $ref or pattern).',
  }),
  url: Type.String({ minLength: 8, maxLength: 2000, description: 'A public HTTPS URL.' }),
  method: Type.Enum([...FUNCTION_METHODS], {
    description: 'POST sends a JSON body; GET sends query parameters.',
  }),
  headers: Type.Record(Type.String(), Type.String({ maxLength: 4000 }), {
    maxProperties: 20,
    secret: true,
    description: 'Sent with every call (e.g. Authorization); stored sealed, never shown again.',
  }),
  timeout_seconds: Type.Integer({ minimum: 1, maximum: 20, description: 'Default 10.' }),
  surfaces: Type.Array(Type.Enum([...SURFACES]), {
    minItems: 1,
    maxItems: SURFACES.length,
    description: 'Where the assistant may call it (default all).',
  }),
  side_effects: Type.Enum([...SIDE_EFFECTS], {
    description: 'read: retried once when nothing answered; write: never retried.',
  }),
  response_max_chars: Type.Integer({ minimum: 100, maximum: 16_000, description: 'Default 4,000.' }),
  is_enabled: Type.Boolean(),
};

export const functionNameArg = Type.String({
  minLength: 1,
  maxLength: 40,
  description: 'lower case letters, digits and _, starting with a letter; unique in the shop.',
});
