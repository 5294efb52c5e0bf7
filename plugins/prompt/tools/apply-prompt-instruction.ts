import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PROMPT_MAX } from '../services/prompts/prompt-service.js';

export const applyPromptInstruction = defineTool({
  name: 'apply_prompt_instruction',
  title: 'Apply prompt instruction',
  description:
    'Previews the prompt (default the current base prompt) with a natural-language instruction applied, with a diff; saves nothing (save_prompt keeps it). Without an AI provider only simple edits work (add, remove or replace a rule; tone, language, signature).',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    instruction: Type.String({
      minLength: 1,
      maxLength: 2000,
      pattern: '\\S',
      description: 'e.g. "Use a formal tone".',
    }),
    prompt: Type.Optional(Type.String({ minLength: 1, maxLength: PROMPT_MAX })),
  }),
  output: Type.Object({
    preview: Type.String(),
    changed: Type.Boolean(),
    message: Type.String(),
    diff: Type.String({ description: 'Unified diff from the prompt to the preview; empty when unchanged.' }),
    method: Type.Enum(['rule', 'model']),
    engine: Type.String(),
    notice: Type.Optional(Type.String()),
    saved: Type.Literal(false),
    next_step: Type.String(),
  }),
  handler: async ({ instruction, prompt }, { services }) =>
    services.promptInstructionService.apply(instruction, prompt),
});
