import { Type, defineTool } from 'switchboard';
import { MessageResult } from './outputs.js';

/** The address the input's `$ref` points at, kept in `$defs` as JSON Schema 2020-12 does. */
const address = Type.Object({ street: Type.Optional(Type.String()), city: Type.Optional(Type.String()) });

export const jsonSchema202012Tool = defineTool({
  name: 'json_schema_2020_12_tool',
  title: 'JSON Schema 2020-12',
  description: 'Conformance fixture: an input schema with $schema, $defs and a $ref, listed as written.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object(
    { name: Type.Optional(Type.String()), address: Type.Optional(Type.Ref('#/$defs/address')) },
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $defs: { address },
      additionalProperties: false,
    },
  ),
  output: MessageResult,
  handler: async ({ name, address }) => ({
    message: `Received name=${JSON.stringify(name ?? null)}, address=${JSON.stringify(address ?? null)}.`,
  }),
});
