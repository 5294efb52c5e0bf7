import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  browserScriptRoute,
  hostAllowed,
  PublicRefusal,
  originHost,
  type SetupContext,
  type ToolContext,
} from '../../../core/index.js';
import type { VoiceConfig } from '../config.js';
import type { VoiceSettings } from '../entities/voice-settings.entity.js';

type Params = { key: string; token?: string };
type Context = ToolContext<VoiceConfig>;
const KEY = /^vb_[A-Za-z0-9_-]{20}$/;
const PUBLIC = { checksOrigin: true };
const BODY_LIMIT = 8 * 1024;

/**
 * The web call button's public side: its script, its configuration, starting a call (an Access
 * Token on Twilio; a text call on the sandbox) and the sandbox call's turns. The button's key
 * names the shop; `allowed_domains` is checked against Origin on every call (empty: any site).
 */
export function webRoutes(setup: SetupContext<VoiceConfig>): void {
  const { app, rootEm, withShop, config, log } = setup;

  const serve = async <T>(
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    work: (ctx: Context, settings: VoiceSettings, shopId: number) => Promise<T>,
    transactional = true,
  ) => {
    let allowed: string | null = null;
    try {
      const [row] = KEY.test(request.params.key)
        ? await rootEm
            .fork()
            .execute<{ shop_id: number }[]>('select shop_id from voice_settings where web_key = ?', [
              request.params.key,
            ])
        : [];
      if (!row) throw new PublicRefusal(404, 'not_found', 'This call button does not exist or is switched off.');
      const body = await withShop(
        row.shop_id,
        async (ctx) => {
          const settings = await ctx.services.voiceSettingsService.current();
          if (!settings.webEnabled || !settings.enabled)
            throw new PublicRefusal(404, 'not_found', 'This call button does not exist or is switched off.');
          const origin = request.headers.origin;
          if (!hostAllowed(originHost(origin), settings.webAllowedDomains))
            throw new PublicRefusal(403, 'origin_not_allowed', 'This site may not use this call button.');
          allowed = origin ?? null;
          return work(ctx, settings, row.shop_id);
        },
        { transactional },
      );
      reply.header('vary', 'Origin').header('cache-control', 'no-store');
      if (allowed) reply.header('access-control-allow-origin', allowed);
      return body;
    } catch (err) {
      if (!(err instanceof PublicRefusal)) throw err;
      reply.header('vary', 'Origin').header('cache-control', 'no-store');
      if (allowed && err.status !== 403) reply.header('access-control-allow-origin', allowed);
      return reply.code(err.status).send({ error: err.error, message: err.message, ...err.details });
    }
  };

  const body = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  const tokenCall = async (ctx: Context, token: string | undefined) => {
    const call = token ? await ctx.services.voiceCallEngine.find('sandbox', `web-${token}`) : null;
    if (!call) throw new PublicRefusal(404, 'call_not_found', 'This call is not known here.');
    return call;
  };

  browserScriptRoute(app, '/voice/web/button.js', new URL('../web/button.browser.ts', import.meta.url), log);

  app.options<{ Params: Params }>('/voice/web/:key/*', { config: PUBLIC }, (request, reply) =>
    serve(request, reply, async () => {
      reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-max-age', '600')
        .code(204);
      return '';
    }),
  );

  app.get<{ Params: Params }>('/voice/web/:key/config', { config: PUBLIC }, (request, reply) =>
    serve(
      request,
      reply,
      async (ctx, settings) => ({
        mode: settings.provider,
        button_text: settings.webButtonText,
        language:
          settings.languageMode === 'fixed' && settings.languageFixed
            ? settings.languageFixed
            : ctx.shop.locale.slice(0, 2),
      }),
      false,
    ),
  );

  app.post<{ Params: Params }>(
    '/voice/web/:key/calls',
    { config: PUBLIC, bodyLimit: BODY_LIMIT },
    async (request, reply) => {
      const started = await serve(request, reply, (ctx) =>
        ctx.services.voiceWebButton.start(request.ip, text(body(request).phone)),
      );
      if (!reply.sent) reply.code(201);
      return started;
    },
  );

  /** A sandbox call's turn: hear (a short transaction), the assistant (none), the answer (another). */
  app.post<{ Params: Params }>(
    '/voice/web/:key/calls/:token/turns',
    { config: PUBLIC, bodyLimit: BODY_LIMIT },
    (request, reply) =>
      serve(
        request,
        reply,
        // The settings read for the origin check serve both steps: they only read them.
        async (ctx, settings, shopId) => {
          const said = text(body(request).text) ?? '';
          const step = await withShop(
            shopId,
            async (tx) => {
              const call = await tokenCall(tx, request.params.token);
              const heard = await tx.services.voiceCallEngine.hear(settings, call, said);
              return { callId: call.id, heard };
            },
            { transactional: true },
          );
          if ('reply' in step.heard) return { reply: step.heard.reply };
          const question = step.heard.question;
          const answer = await ctx.services.voiceCallEngine.answer(question, config.turnTimeoutMs);
          const reply = await withShop(
            shopId,
            async (tx) =>
              tx.services.voiceCallEngine.settle(
                settings,
                await tx.services.voiceCallEngine.get(step.callId),
                question,
                answer,
              ),
            { transactional: true },
          );
          return { reply };
        },
        false,
      ),
  );

  app.post<{ Params: Params }>(
    '/voice/web/:key/calls/:token/hangup',
    { config: PUBLIC, bodyLimit: BODY_LIMIT },
    (request, reply) =>
      serve(request, reply, async (ctx) => {
        await ctx.services.voiceCallEngine.end(await tokenCall(ctx, request.params.token), 'completed', null);
        log.debug({ shop: ctx.shop.id }, 'a web sandbox call ended');
        return { ended: true };
      }),
  );
}
