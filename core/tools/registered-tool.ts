import { Type, type TObject, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Validator } from 'typebox/compile';
import type { ConfirmationPolicy, ToolDefinition } from '../plugin/plugin-types.js';
import { ToolOutput } from './tool-output.js';
import { secretPaths } from '../audit/secret-args.js';
import { boundIntegers } from './bound-integers.js';

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: boolean;
}

/** A tool as tools/list shows it to a 2025-03-26 client. */
export interface ToolDescriptor {
  name: string;
  description: string;
  inputSchema: TObject;
  annotations: ToolAnnotations;
}

/** From 2025-06-18 on: a top-level title and the output schema. */
export interface ToolDescriptorWithOutput extends ToolDescriptor {
  title: string;
  outputSchema: TSchema;
}

/** A tool as the kernel runs it: its definition plus what is derived once at boot. */
export interface RegisteredTool {
  group: string;
  definition: ToolDefinition;
  confirmation: ConfirmationPolicy;
  inputSchema: TObject;
  /** Compiled on the tool's first call: most of a server's 250 tools are never called by most of its processes. */
  readonly validator: Validator<Record<never, never>, TSchema>;
  /** Whether any property declares a default: only then are arguments copied to apply them. */
  hasDefaults: boolean;
  output: ToolOutput;
  /** The arguments marked `secret: true`, redacted wherever arguments are shown. */
  secretPaths: string[][];
  descriptor: ToolDescriptor;
  descriptorWithOutput: ToolDescriptorWithOutput;
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
  for (const [name, schema] of Object.entries(definition.input.properties)) properties[name] = boundIntegers(schema);
  if (confirmation !== 'none') {
    properties.confirm = Type.Optional(Type.Boolean({ description: CONFIRM_ARGUMENT[confirmation] }));
    properties.confirmation_token = Type.Optional(
      Type.String({ description: 'The confirmation_token of the first call, optional with confirm.' }),
    );
  }
  // The input's own $-keywords ($schema, $defs that its $refs point into, $id) stay as written.
  const keywords = Object.fromEntries(Object.entries(definition.input).filter(([key]) => key.startsWith('$')));
  const inputSchema = Type.Object(properties, { ...keywords, additionalProperties: false });
  // A property with a default can always be left out: the kernel fills it in before the handler.
  const required = (inputSchema.required ?? []).filter((name: string) => !('default' in (properties[name] as object)));
  if (required.length) (inputSchema as { required?: string[] }).required = required;
  else delete (inputSchema as { required?: string[] }).required;
  const { hints } = definition;
  const output = new ToolOutput(definition.output, confirmation);
  const descriptor: ToolDescriptor = {
    name: definition.name,
    description: definition.description + CONFIRMATION_NOTE[confirmation],
    inputSchema,
    annotations: {
      title: definition.title,
      readOnlyHint: hints.readOnly,
      destructiveHint: hints.destructive,
      idempotentHint: hints.idempotent,
      openWorldHint: hints.openWorld,
    },
  };
  let validator: Validator<Record<never, never>, TSchema> | undefined;
  return {
    group,
    definition,
    confirmation,
    inputSchema,
    get validator() {
      return (validator ??= Compile(inputSchema));
    },
    hasDefaults: JSON.stringify(inputSchema).includes('"default":'),
    output,
    secretPaths: secretPaths(definition.input),
    descriptor,
    descriptorWithOutput: {
      name: descriptor.name,
      title: definition.title,
      description: descriptor.description,
      inputSchema,
      outputSchema: output.schema,
      annotations: descriptor.annotations,
    },
  };
}
