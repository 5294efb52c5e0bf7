import { readCapped, ToolError, Type, type Services } from '../../../../core/index.js';
import type { AutomationConfig } from '../../config.js';
import { classifyByKeywords } from '../definition/text-match.js';
import type { EffectError, ExternalEffects } from './step-effects.js';

const KEPT_BODY = 4096;

const failure = (err: unknown): { error: EffectError } => {
  if (err instanceof ToolError) return { error: { code: err.code, message: err.message } };
  const code = (err as { code?: unknown })?.code;
  return {
    error: {
      code: typeof code === 'string' ? code.toLowerCase() : 'external_failed',
      message: (err as Error).message ?? String(err),
    },
  };
};

/** The outside work of steps for one shop: HTTP through the network guard, the assistant, the classifier. */
export function liveExternals(deps: Services, config: AutomationConfig): ExternalEffects {
  return {
    async http(url, body) {
      try {
        const response = await deps.networkGuard.fetch(
          url,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'user-agent': 'Switchboard-Automation/1' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(config.httpTimeoutMs),
          },
          { followRedirects: false },
        );
        // An endpoint cannot make the server buffer a large answer: the rest is never read.
        const { text } = await readCapped(response.body, KEPT_BODY);
        return { status: response.status, body: text ?? '' };
      } catch (err) {
        return failure(err);
      }
    },

    async aiReply(question, instructions) {
      try {
        const answer = await deps.knowledgeAnswerService.answer({
          surface: 'whatsapp_workflow',
          question,
          instructions,
        });
        return { text: answer.text, engine: answer.engine, ...(answer.notice && { notice: answer.notice }) };
      } catch (err) {
        return failure(err);
      }
    },

    async aiClassify(text, categories) {
      try {
        if (!(await deps.promptAiService.hasLanguageModel()))
          return { category: classifyByKeywords(text, categories), engine: 'builtin' };
        const names = categories.map((c) => c.name);
        const answer = await deps.promptAiService.chat({
          surface: 'whatsapp_workflow',
          task: 'task',
          schema: Type.Object({ category: Type.Union([...names, 'other'].map((n) => Type.Literal(n))) }),
          messages: [
            {
              role: 'system',
              content: `Classify the customer's message into exactly one category, or "other" when none fits.\n${categories
                .map((c) => `- ${c.name}${c.description ? `: ${c.description}` : ''}`)
                .join('\n')}`,
            },
            { role: 'user', content: text },
          ],
        });
        return { category: (answer.data as { category: string }).category, engine: 'openai_compatible' };
      } catch (err) {
        return failure(err);
      }
    },
  };
}
