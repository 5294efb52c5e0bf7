import { ToolError, Type, type Services } from '../../../../core/index.js';
import type { AutomationConfig } from '../../config.js';
import { hasKeyword } from '../definition/text-match.js';
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

const needs = (deps: Services, group: string): { error: EffectError } | null =>
  deps.kernelCatalog.names().includes(group)
    ? null
    : {
        error: {
          code: 'group_not_enabled',
          message: `This step needs the ${group} group, which this server does not run.`,
        },
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
        const text = (await response.text()).slice(0, KEPT_BODY);
        return { status: response.status, body: text };
      } catch (err) {
        return failure(err);
      }
    },

    async aiReply(question, instructions) {
      const missing = needs(deps, 'knowledge');
      if (missing) return missing;
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
      const missing = needs(deps, 'prompt');
      if (missing) return missing;
      try {
        if (!(await deps.aiService.hasLanguageModel())) {
          // The built-in engine: the first category one of whose keywords (or its own name) the text has.
          const found = categories.find((c) =>
            [c.name.replaceAll('_', ' '), ...(c.keywords ?? [])].some((k) => hasKeyword(text, k)),
          );
          return { category: found?.name ?? 'other', engine: 'builtin' };
        }
        const names = categories.map((c) => c.name);
        const answer = await deps.aiService.chat({
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
