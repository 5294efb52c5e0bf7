import type * as Diff from 'diff';
import { loadAtFirstUse, ToolError, Type, type Services } from '../../../../core/index.js';
import { BUILTIN_NOTICE } from '../ai/ai-types.js';
import { parseInstruction } from './instruction-grammar.js';
import { applyEdit } from './prompt-edits.js';
import { PROMPT_MAX } from './prompt-service.js';

// Loaded by the first preview: a server whose shops never edit their prompt keeps its heap.
const diff = loadAtFirstUse<typeof Diff>(import.meta.url, 'diff');

const EDITED = Type.Object(
  { prompt: Type.String({ minLength: 1, maxLength: PROMPT_MAX }) },
  { additionalProperties: false },
);

/**
 * apply_prompt_instruction: the prompt with the instruction applied, as a preview; nothing is
 * saved. A provider rewrites it with the task model; the built-in engine applies the forms its
 * grammar knows (instruction-grammar.ts) and answers ai_provider_required for the rest.
 */
export class PromptInstructionService {
  constructor(private readonly deps: Services) {}

  async apply(instruction: string, prompt?: string) {
    const text = instruction.trim();
    const base = prompt ?? (await this.deps.promptService.get('all')).text;
    const engine = await this.deps.promptAiService.engine();
    let preview: string;
    let message: string;
    if (engine.engine === 'builtin') {
      const edit = parseInstruction(text);
      if (!edit)
        throw new ToolError(
          'ai_provider_required',
          'The built-in engine applies instructions that add, remove or replace a rule or a phrase, or set the tone, the language or the signature; this one needs a language model (configure_ai_provider), or edit the prompt and save it with save_prompt.',
          { engine: 'builtin' },
        );
      ({ text: preview, message } = applyEdit(base, edit));
    } else {
      const answer = await this.deps.promptAiService.chat({
        surface: 'dashboard',
        task: 'task',
        schema: EDITED,
        messages: [
          {
            role: 'system',
            content:
              'You edit the system prompt of a shop’s customer assistant. Apply the owner’s instruction and change nothing else: keep the rest of the text, its language and its layout. ' +
              'Answer with JSON only: {"prompt": "<the whole edited prompt>"}.',
          },
          { role: 'user', content: `Instruction: ${text}\n\nThe prompt:\n${base}` },
        ],
      });
      preview = (answer.data as { prompt: string }).prompt.trim();
      message = 'Edited by the language model.';
    }
    const changed = preview !== base.trim();
    return {
      preview,
      changed,
      message,
      diff: changed
        ? diff().createTwoFilesPatch('prompt', 'prompt', base.trim() + '\n', preview + '\n', 'current', 'preview')
        : '',
      method: engine.engine === 'builtin' ? ('rule' as const) : ('model' as const),
      engine: engine.engine,
      ...(engine.engine === 'builtin' && { notice: BUILTIN_NOTICE }),
      saved: false,
      next_step: 'Nothing was saved. To keep it, call save_prompt with prompt set to the preview.',
    };
  }
}
