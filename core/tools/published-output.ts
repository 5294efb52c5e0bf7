import { compactSchema } from './compact-schema.js';

type Schema = Record<string, unknown>;

/**
 * A failure as clients are shown it. The kernel's own shape types error_code and message and stays
 * open for each code's details; clients only need to tell a failure from an answer and find its
 * code, and the same 160 bytes in every one of 395 tools were 64 KB of tools/list.
 */
const PUBLISHED_FAILURE: Schema = {
  required: ['success', 'error_code', 'message'],
  properties: { success: { const: false } },
};

const isFailure = (branch: Schema) =>
  typeof branch.properties === 'object' && branch.properties !== null && 'error_code' in branch.properties;

/**
 * A tool's output schema ({ type: 'object', anyOf: [ok, (pending,) failure] }) as tools/list
 * publishes it: compacted, without descriptions, bounds and `required` lists, the branches without the
 * `type` the root already gives them, the failure branch in its short form (the one that keeps
 * `required`: it is how a client tells a failure). Shapes are shared afterwards, across tools
 * (shared-records.ts) and within one (shareRepeatedShapes).
 */
export function publishedOutput(schema: object): Schema {
  const compacted = compactSchema(schema as Schema, {
    openObjects: true,
    impliedTypes: true,
    withoutDescriptions: true,
    withoutRequired: true,
    withoutBounds: true,
  });
  const branches = compacted.anyOf as Schema[];
  return {
    ...compacted,
    anyOf: branches.map((branch) => {
      if (isFailure(branch)) return PUBLISHED_FAILURE;
      const { type: _, ...rest } = branch;
      return rest;
    }),
  };
}
