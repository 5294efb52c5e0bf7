import { Type, type TObject, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Validator } from 'typebox/compile';
import type { ConfirmationPolicy, ToolDefinition } from '../plugin/plugin-types.js';

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

export interface ToolDescriptor {
  name: string;
  title: string;
  description: string;
  inputSchema: TObject;
  annotations: ToolAnnotations;
}

/** A tool as the kernel runs it: its definition plus what is derived once at boot. */
export interface RegisteredTool {
  group: string;
  definition: ToolDefinition;
  confirmation: ConfirmationPolicy;
  inputSchema: TObject;
  validator: Validator<{}, TSchema>;
  /** Whether any property declares a default: only then are arguments copied to apply them. */
  hasDefaults: boolean;
  descriptor: ToolDescriptor;
}

const CONFIRMATION_NOTE: Record<ConfirmationPolicy, string> = {
  none: '',
  agent:
    ' Requires confirmation: the first call only describes what will happen (requires_confirmation: true); call again with the same arguments and confirm: true to execute.',
  user: ' Requires confirmation by the user: the first call returns a confirmation_url for the user to approve or reject. Stop after that response and do not call again; a repeated call invalidates the pending confirmation.',
};

/**
 * User-confirmed tools accept `confirm` too: the spec's general rule tells clients to confirm with
 * it, so such a call must get the rule's answer (a repeated call), not an unknown-argument error.
 */
const CONFIRM_ARGUMENT: Record<Exclude<ConfirmationPolicy, 'none'>, string> = {
  agent: 'true on the second call, to execute what the first call described.',
  user: 'Does not execute this tool: only the user can, on the confirmation page. A call with confirm: true is a repeated call and invalidates the pending confirmation.',
};

export function registerTool(group: string, definition: ToolDefinition): RegisteredTool {
  const confirmation = definition.confirmation ?? 'none';
  const properties: Record<string, TSchema> = {};
  if (definition.action !== undefined) {
    properties.action = Type.Literal(definition.action, { description: `Always "${definition.action}".` });
  }
  Object.assign(properties, definition.input.properties);
  if (confirmation !== 'none') {
    properties.confirm = Type.Optional(Type.Boolean({ description: CONFIRM_ARGUMENT[confirmation] }));
    properties.confirmation_token = Type.Optional(
      Type.String({ description: 'The confirmation_token of the first call, optional with confirm.' }),
    );
  }
  const inputSchema = Type.Object(properties, { additionalProperties: false });
  // A property with a default can always be left out: the kernel fills it in before the handler.
  const required = (inputSchema.required ?? []).filter((name: string) => !('default' in (properties[name] as object)));
  if (required.length) (inputSchema as { required?: string[] }).required = required;
  else delete (inputSchema as { required?: string[] }).required;
  const isQuery = definition.kind === 'query';
  return {
    group,
    definition,
    confirmation,
    inputSchema,
    validator: Compile(inputSchema),
    hasDefaults: JSON.stringify(inputSchema).includes('"default":'),
    descriptor: {
      name: definition.name,
      title: definition.title,
      description: definition.description + CONFIRMATION_NOTE[confirmation],
      inputSchema,
      annotations: {
        title: definition.title,
        readOnlyHint: isQuery,
        destructiveHint: isQuery ? false : (definition.destructive ?? false),
        idempotentHint: isQuery ? true : (definition.idempotent ?? false),
        openWorldHint: definition.openWorld ?? false,
      },
    },
  };
}
