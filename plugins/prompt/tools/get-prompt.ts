import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PromptTextOutput, surfaceArg } from './prompt-args.js';

export const getPrompt = defineTool({
  name: 'get_prompt',
  title: 'Get prompt',
  description:
    "The assistant's prompt: the base prompt or a surface's addition, current or at a version, and the effective prompt used on that surface (base + addition + learned rules).",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    surface: Type.Optional(surfaceArg('Default all: the base prompt; another surface: its addition.')),
    version: Type.Optional(Type.Integer({ minimum: 1, description: 'An earlier version; default the current one.' })),
  }),
  output: Type.Object({
    prompt: PromptTextOutput,
    effective: Type.Object({
      text: Type.String(),
      base_version: Type.Integer(),
      surface_version: Type.Union([Type.Integer(), Type.Null()]),
      rules: Type.Array(Type.Object({ id: Type.Integer(), category: Type.String(), text: Type.String() })),
    }),
  }),
  handler: async ({ surface = 'all', version }, { services }) => ({
    prompt: await services.promptService.get(surface, version),
    effective: await services.promptService.effective(surface),
  }),
});
