import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PromptTextOutput, surfaceArg } from './prompt-args.js';

export const restorePromptVersion = defineTool({
  name: 'restore_prompt_version',
  title: 'Restore prompt version',
  description: 'Makes an earlier version current by saving its text as a new version.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    version: Type.Integer({ minimum: 1 }),
    surface: Type.Optional(surfaceArg('Default all: the base prompt; another surface: its addition.')),
    note: Type.Optional(Type.String({ maxLength: 500 })),
  }),
  output: Type.Object({ prompt: PromptTextOutput, changed: Type.Boolean(), previous_version: Type.Integer() }),
  handler: async ({ version, surface = 'all', note }, { services }) =>
    services.promptService.restore(surface, version, note),
});
