import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PROMPT_MAX } from '../services/prompts/prompt-service.js';
import { PromptTextOutput, surfaceArg } from './prompt-args.js';

export const savePrompt = defineTool({
  name: 'save_prompt',
  title: 'Save prompt',
  description:
    "Saves a new version of the base prompt or of a surface's addition (empty text removes the addition); an unchanged text saves nothing. Give expected_version from get_prompt so a concurrent change answers conflict instead of being overwritten.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    prompt: Type.String({ maxLength: PROMPT_MAX, description: `The whole text, at most ${PROMPT_MAX} characters.` }),
    surface: Type.Optional(surfaceArg('Default all: the base prompt; another surface: its addition.')),
    note: Type.Optional(Type.String({ maxLength: 500, description: 'What changed, for the history.' })),
    expected_version: Type.Optional(
      Type.Integer({ minimum: 0, description: 'The version this text was edited from (0: none saved yet).' }),
    ),
  }),
  output: Type.Object({ prompt: PromptTextOutput, changed: Type.Boolean(), previous_version: Type.Integer() }),
  handler: async ({ prompt, surface = 'all', note, expected_version }, { services }) =>
    services.promptService.save({ surface, text: prompt, note, expectedVersion: expected_version }),
});
