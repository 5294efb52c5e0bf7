import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SetupContext, ToolContext } from '../../../core/index.js';
import type { VoiceConfig } from '../config.js';
import type { CallStatus } from '../entities/values.js';
import type { VoiceSettings } from '../entities/voice-settings.entity.js';
import type { Reply } from '../services/conversation/call-engine.js';
import { isTwilioRequest } from '../services/twilio/twilio-signature.js';
import { sayAndHangUp, sayAndListen } from '../services/twilio/twiml.js';

type Params = { key: string };
type Form = Record<string, string>;
type Context = ToolContext<VoiceConfig>;
/** The number (or, for the call button's app, none) a webhook's key names. */
type Line = { id: number | null; phone_number: string | null };
/** What Twilio is answered: TwiML, or a bare status. */
type Answer = { twiml: string } | { status: number };

const FORM_LIMIT = 64 * 1024;
/** A number's key (vn_…) or the web call button's (vb_…: its TwiML app's calls). */
const KEY = /^v[nb]_[A-Za-z0-9_-]{20}$/;
const STATUS_OF: Record<string, CallStatus> = {
  completed: 'completed',
  failed: 'failed',
  busy: 'no_answer',
  'no-answer': 'no_answer',
  canceled: 'no_answer',
};

/**
 * Twilio's webhooks for a number the assistant answers (`/voice/twilio/<number key>/…`): the call
 * comes in, each speech `<Gather>` posts what the caller said, the status callback ends the call.
 * Every request must carry Twilio's signature for the shop's auth token over the URL as Twilio
 * called it — the server's PUBLIC_BASE_URL and the path — else 403; an unknown key, a shop not on
 * Twilio or switched off: 404. The assistant's answer is composed between two short transactions.
 */
export function twilioRoutes(setup: SetupContext<VoiceConfig>): void {
  const { app, rootEm, withShop, baseUrl, config, log } = setup;

  const numberOf = async (key: string) => {
    if (!KEY.test(key)) return null;
    const [row] = await rootEm.fork().execute<{ id: number | null; shop_id: number; phone_number: string | null }[]>(
      `select id, shop_id, phone_number from voice_numbers where number_key = ?
       union all select null, shop_id, null from voice_settings where web_key = ? and web_enabled`,
      [key, key],
    );
    return row ?? null;
  };

  const spoken = (reply: Reply, language: string, action: string): Answer => ({
    twiml: reply.end ? sayAndHangUp(reply.text, language) : sayAndListen(reply.text, language, action),
  });

  /**
   * The number, its shop's settings, the signature checked; then `work` in the shop. What Twilio is
   * answered is sent once the transaction has committed (a status callback answered before its
   * commit could be followed by a read that does not see it).
   */
  const serve = async (
    request: FastifyRequest<{ Params: Params; Body: Form }>,
    reply: FastifyReply,
    work: (ctx: Context, number: Line, form: Form, settings: VoiceSettings) => Promise<Answer>,
  ) => {
    const answer = await inShop(request, work);
    return send(reply, answer);
  };

  const send = (reply: FastifyReply, answer: Answer) =>
    'twiml' in answer ? reply.type('text/xml; charset=utf-8').send(answer.twiml) : reply.code(answer.status).send();

  const inShop = async (
    request: FastifyRequest<{ Params: Params; Body: Form }>,
    work: (ctx: Context, number: Line, form: Form, settings: VoiceSettings) => Promise<Answer>,
  ): Promise<Answer> => {
    const number = await numberOf(request.params.key);
    if (!number) return { status: 404 };
    const form = request.body ?? {};
    const url = `${baseUrl()}${request.url}`;
    return withShop(
      number.shop_id,
      async (ctx) => {
        const settings = await ctx.services.voiceSettingsService.current();
        if (settings.provider !== 'twilio' || !settings.enabled || !settings.authToken) return { status: 404 };
        const token = ctx.services.secrets.open(settings.authToken);
        const signature = request.headers['x-twilio-signature'];
        if (!isTwilioRequest(token, typeof signature === 'string' ? signature : undefined, url, form)) {
          log.warn(
            { shopId: number.shop_id, path: request.url },
            'a Twilio webhook with a wrong signature was refused',
          );
          return { status: 403 };
        }
        return work(ctx, number, form, settings);
      },
      { transactional: true },
    );
  };

  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const action = (key: string) => `${baseUrl()}/voice/twilio/${key}/gather`;

    scope.post<{ Params: Params; Body: Form }>('/voice/twilio/:key/incoming', (request, reply) =>
      serve(request, reply, async (ctx, number, form, settings) => {
        const { call, reply: greeting } = await ctx.services.voiceCallEngine.open(settings, {
          provider: 'twilio',
          providerCallId: (form.CallSid ?? '').slice(0, 64),
          // A browser call (the button's TwiML app) carries the visitor's phone in its token's grant.
          from: form.caller_phone ?? form.From ?? 'unknown',
          to: number.phone_number,
          numberId: number.id,
          language: ctx.shop.locale.slice(0, 2),
        });
        return spoken(greeting, call.language, action(request.params.key));
      }),
    );

    scope.post<{ Params: Params; Body: Form }>('/voice/twilio/:key/gather', async (request, reply) => {
      const key = request.params.key;
      // First the caller's words (one short transaction), then the assistant, then its answer.
      let asked: {
        shopId: number;
        callId: number;
        question: string;
        language: string;
        settings: VoiceSettings;
      } | null = null;
      const heard = await inShop(request, async (ctx, _number, form, settings) => {
        const call = await ctx.services.voiceCallEngine.find('twilio', (form.CallSid ?? '').slice(0, 64));
        if (!call) return { twiml: sayAndHangUp('', ctx.shop.locale.slice(0, 2)) };
        const step = await ctx.services.voiceCallEngine.hear(settings, call, form.SpeechResult ?? null);
        if ('reply' in step) return spoken(step.reply, call.language, action(key));
        asked = { shopId: ctx.shop.id, callId: call.id, settings, ...step };
        return { status: 202 };
      });
      if (!asked) return send(reply, heard);
      const { shopId, callId, question, language, settings } = asked;
      const answer = await withShop(shopId, (ctx) =>
        ctx.services.voiceCallEngine.answer(question, config.turnTimeoutMs),
      );
      const said = await withShop(
        shopId,
        async (ctx) =>
          ctx.services.voiceCallEngine.settle(
            settings,
            await ctx.services.voiceCallEngine.get(callId),
            question,
            answer,
          ),
        { transactional: true },
      );
      return send(reply, spoken(said, language, action(key)));
    });

    scope.post<{ Params: Params; Body: Form }>('/voice/twilio/:key/status', (request, reply) =>
      serve(request, reply, async (ctx, _number, form) => {
        const call = await ctx.services.voiceCallEngine.find('twilio', (form.CallSid ?? '').slice(0, 64));
        const status = STATUS_OF[form.CallStatus ?? ''];
        if (call && status) {
          const seconds = Number(form.CallDuration);
          await ctx.services.voiceCallEngine.end(call, status, Number.isFinite(seconds) ? seconds : null);
        }
        return { status: 204 };
      }),
    );
  });
}
