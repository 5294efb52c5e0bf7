import { ToolError, Type, type Services } from '../../../core/index.js';

const PROBE_SCHEMA = Type.Object({ ok: Type.Boolean() }, { additionalProperties: false });

/** Runs one part of the test and says how it went, instead of failing the whole test. */
async function timed<T>(work: () => Promise<T>) {
  const started = Date.now();
  try {
    const value = await work();
    return { ok: true, latency_ms: Date.now() - started, error_code: null, value };
  } catch (err) {
    if (!(err instanceof ToolError)) throw err;
    return { ok: false, latency_ms: Date.now() - started, error_code: err.code, value: undefined };
  }
}

/**
 * test_ai_provider: the models listed, one tiny JSON chat (json_schema true when the first answer
 * already was the JSON asked for, false when it took the repair turn), and one embedding.
 */
export async function testProvider(services: Services) {
  const ai = services.promptAiService;
  const engine = await ai.engine();
  if (engine.engine === 'builtin')
    throw new ToolError(
      'ai_provider_required',
      'The shop’s engine is the built-in one: there is no provider to test.',
      {
        engine: 'builtin',
      },
    );
  const { value: listed, ...models } = await timed(() => ai.listModels());
  const { value: answer, ...chat } = await timed(() =>
    ai.chat({
      surface: 'dashboard',
      task: 'chat',
      schema: PROBE_SCHEMA,
      messages: [
        { role: 'system', content: 'You answer with JSON only.' },
        { role: 'user', content: 'Reply with {"ok": true}.' },
      ],
    }),
  );
  const embedding = engine.models.embedding;
  const embedded = embedding ? await timed(() => ai.embed('dashboard', ['connection test'])) : null;
  return {
    engine: engine.engine,
    base_url_host: new URL(engine.baseUrl!).host,
    models: { ...models, listed: (listed ?? []).slice(0, 50) },
    chat: { ...chat, model: answer?.model ?? engine.models.chat, json_schema: answer ? !answer.repaired : null },
    embeddings: embedded && {
      ok: embedded.ok,
      latency_ms: embedded.latency_ms,
      error_code: embedded.error_code,
      model: embedded.value?.model ?? embedding!,
      dimensions: embedded.value?.dimensions ?? null,
    },
  };
}
