import { Type, type TObject, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import type { Validator } from 'typebox/compile';
import type { ConfirmationPolicy, ToolDefinition } from '../plugin/plugin-types.js';
import { ToolOutput } from './tool-output.js';
import { secretPaths } from '../audit/secret-args.js';
import { boundIntegers } from './bound-integers.js';
import { publishedInput } from './published-input.js';
import { publishedOutput } from './published-output.js';

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

/**
 * From 2025-06-18 on: a top-level title and the output schema. The title is not repeated in the
 * annotations: that revision shows the top-level one first.
 */
export interface ToolDescriptorWithOutput extends Omit<ToolDescriptor, 'annotations'> {
  title: string;
  outputSchema: object;
  annotations: Omit<ToolAnnotations, 'title'>;
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
  /** The output schema as published before the registry shares records across tools (tool-registry.ts). */
  publishedOutput: Record<string, unknown>;
}

const CONFIRMATION_NOTE: Record<ConfirmationPolicy, string> = {
  none: '',
  // The initialize instructions give the whole rule; each tool says which of its two forms applies.
  agent: ' Needs confirmation: repeat the call with confirm: true.',
  user: ' The user confirms it at the confirmation_url the call returns; do not call again.',
};

/**
 * User-confirmed tools accept `confirm` too: the spec's general rule tells clients to confirm with
 * it, so such a call must get the rule's answer (a repeated call), not an unknown-argument error.
 */
const CONFIRM_ARGUMENT: Record<Exclude<ConfirmationPolicy, 'none'>, string | undefined> = {
  // The tool's description says it: repeat with confirm: true.
  agent: undefined,
  user: 'Does not execute: only the user can, on the confirmation page; a call with it invalidates the pending one.',
};

export function registerTool(group: string, definition: ToolDefinition): RegisteredTool {
  const confirmation = definition.confirmation ?? 'none';
  const properties: Record<string, TSchema> = {};
  if (definition.action !== undefined) {
    // The const says what to send; a description saying it again cost 309 tokens over the tools.
    properties.action = Type.Literal(definition.action);
  }
  for (const [name, schema] of Object.entries(definition.input.properties)) properties[name] = boundIntegers(schema);
  if (confirmation !== 'none') {
    const description = CONFIRM_ARGUMENT[confirmation];
    properties.confirm = Type.Optional(Type.Boolean(description === undefined ? {} : { description }));
    properties.confirmation_token = Type.Optional(Type.String({ description: 'From the first call.' }));
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
    inputSchema: publishedInput(inputSchema),
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
    publishedOutput: publishedOutput(output.schema),
  };
}
