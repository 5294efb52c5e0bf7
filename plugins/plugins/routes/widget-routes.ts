import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  browserScriptRoute,
  frameAncestors,
  hostAllowed,
  originHost,
  type SetupContext,
  type ToolContext,
  PublicRefusal,
} from '../../../core/index.js';
import type { AssistantAnswer } from '../../knowledge/surface.js';
import type { WidgetsConfig } from '../config.js';
import { loadView, type WidgetTarget, type WidgetView } from '../services/visitors/widget-view.js';
import { widgetOfKey } from './widget-directory.js';

type Params = { key: string; sid?: string; ref?: string };
type Context = ToolContext<WidgetsConfig>;
const BODY_LIMIT = 16 * 1024;
/** Every widget route checks Origin against the widget's own allowed_domains (the kernel's check is for /mcp). */
const PUBLIC = { checksOrigin: true };

const refuse = (status: number, error: string, message: string) => new PublicRefusal(status, error, message);
const notHere = () => refuse(404, 'not_found', 'This widget does not exist or is switched off.');

/**
 * The widgets' public side, for shoppers' browsers: the script, each widget's configuration, its
 * sessions and messages, the product-question box and an iframe page. A public key names the
 * widget (unknown, rotated or disabled: 404); `allowed_domains` is checked against `Origin` on
 * every call and as `frame-ancestors` on the page; CORS answers name only an allowed origin.
 */
export function widgetRoutes(setup: SetupContext<WidgetsConfig>): void {
  const { app, rootEm, withShop, log, baseUrl } = setup;

  /** The origin the request comes from when the widget may serve it; a refusal otherwise. */
  const originOf = (request: FastifyRequest, view: WidgetView): string | null => {
    const origin = request.headers.origin;
    const ownPage = origin === undefined && request.headers['sec-fetch-site'] === 'same-origin';
    if (origin === new URL(baseUrl()).origin || ownPage) return origin ?? null;
    if (!hostAllowed(originHost(origin), view.allowedDomains))
      throw refuse(403, 'origin_not_allowed', 'This site may not use this widget.');
    return origin ?? null;
  };

  const cors = (reply: FastifyReply, origin: string | null) => {
    reply.header('vary', 'Origin').header('cache-control', 'no-store');
    if (origin) reply.header('access-control-allow-origin', origin);
  };

  /**
   * Runs one request of a widget: its key read, the widget loaded in its shop, the origin checked,
   * then `work`. Refusals become their status with `{ error, message, … }`, readable by an allowed page.
   */
  const serve = async <T>(
    request: FastifyRequest<{ Params: Params }>,
    reply: FastifyReply,
    work: (view: WidgetView, target: WidgetTarget & { shopId: number }, origin: string | null) => Promise<T>,
    checkOrigin = true,
  ) => {
    let origin: string | null = null;
    try {
      const target = await widgetOfKey(rootEm, request.params.key);
      if (!target) throw notHere();
      const view = await withShop(target.shopId, (ctx) => loadView(ctx.services, target));
      if (!view.enabled) throw notHere();
      if (checkOrigin) origin = originOf(request, view);
      const body = await work(view, target, origin);
      cors(reply, origin);
      return body;
    } catch (err) {
      if (!(err instanceof PublicRefusal)) throw err;
      cors(reply, err.status === 403 ? null : origin);
      return reply.code(err.status).send({ error: err.error, message: err.message, ...err.details });
    }
  };

  const tokenOf = (request: FastifyRequest) => {
    const token = request.headers['x-widget-token'];
    return typeof token === 'string' ? token : undefined;
  };

  const inShop = <T>(shopId: number, work: (ctx: Context) => Promise<T>, transactional = true) =>
    withShop(shopId, work, { transactional });

  browserScriptRoute(app, '/widget/embed.js', new URL('../widget/main.browser.ts', import.meta.url), log);

  app.options<{ Params: Params }>('/widget/:key/*', { config: PUBLIC }, async (request, reply) =>
    serve(request, reply, async () => {
      reply
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type, x-widget-token')
        .header('access-control-max-age', '600')
        .code(204);
      return '';
    }),
  );

  app.get<{ Params: Params }>('/widget/:key/config', { config: PUBLIC }, (request, reply) =>
    serve(request, reply, async (view) => ({ ...view.browser, poll_seconds: view.kind === 'chat' ? 3 : null })),
  );

  app.post<{ Params: Params; Body: { page_url?: unknown; language?: unknown } }>(
    '/widget/:key/sessions',
    { bodyLimit: BODY_LIMIT, config: PUBLIC },
    (request, reply) =>
      serve(request, reply, async (view, target, origin) => {
        const body = request.body ?? {};
        const opened = await inShop(target.shopId, (ctx) =>
          ctx.services.widgetVisitorService.open(view, {
            origin,
            ip: request.ip,
            ...(typeof body.page_url === 'string' && { page_url: body.page_url }),
            ...(typeof body.language === 'string' && { language: body.language }),
          }),
        );
        reply.code(201);
        return opened;
      }),
  );

  app.post<{ Params: Params; Body: { text?: unknown } }>(
    '/widget/:key/sessions/:sid/messages',
    { bodyLimit: BODY_LIMIT, config: PUBLIC },
    (request, reply) =>
      serve(request, reply, async (view, target) => {
        if (view.kind === 'product-qa') throw notHere();
        const text = typeof request.body?.text === 'string' ? request.body.text : '';
        const { accepted, sessionId } = await inShop(target.shopId, async (ctx) => {
          const session = await ctx.services.widgetVisitorService.session(view, request.params.sid!, tokenOf(request));
          return {
            accepted: await ctx.services.widgetVisitorService.write(view, session, text),
            sessionId: session.id,
          };
        });
        const outcome = accepted.answer === 'assistant' ? await composed(target.shopId, view, text) : accepted.answer;
        const replies = await inShop(target.shopId, (ctx) =>
          ctx.services.widgetVisitorService.reply(view, sessionId, outcome),
        );
        return { message: accepted.message, replies };
      }),
  );

  /** The assistant's answer; when it fails (a provider down), the visitor is handed to a person, not shown an error. */
  const composed = async (
    shopId: number,
    view: WidgetView,
    text: string,
    context?: string,
  ): Promise<AssistantAnswer> => {
    try {
      return await inShop(shopId, (ctx) => ctx.services.widgetVisitorService.compose(view, text, context), false);
    } catch (err) {
      log.warn({ err, shopId }, 'a widget answer failed; handing the visitor over');
      return { text: null, citations: [], engine: 'builtin', model: null };
    }
  };

  app.get<{ Params: Params; Querystring: { after?: string } }>(
    '/widget/:key/sessions/:sid/messages',
    { config: PUBLIC },
    (request, reply) =>
      serve(request, reply, async (view, target) =>
        inShop(
          target.shopId,
          async (ctx) => {
            const session = await ctx.services.widgetVisitorService.session(
              view,
              request.params.sid!,
              tokenOf(request),
            );
            const after = Number(request.query.after ?? 0);
            return ctx.services.widgetVisitorService.messagesAfter(session, Number.isSafeInteger(after) ? after : 0);
          },
          false,
        ),
      ),
  );

  app.post<{ Params: Params; Body: Record<string, unknown> }>(
    '/widget/:key/sessions/:sid/identify',
    { bodyLimit: BODY_LIMIT, config: PUBLIC },
    (request, reply) =>
      serve(request, reply, async (view, target) => {
        const body = request.body ?? {};
        const field = (name: string) => (typeof body[name] === 'string' ? { [name]: body[name] as string } : {});
        return inShop(target.shopId, async (ctx) => {
          const session = await ctx.services.widgetVisitorService.session(view, request.params.sid!, tokenOf(request));
          return ctx.services.widgetVisitorService.identify(view, session, {
            ...field('name'),
            ...field('phone'),
            ...field('email'),
            ...field('identity_hash'),
          });
        });
      }),
  );

  app.get<{ Params: Params }>('/widget/:key/products/:ref/faqs', { config: PUBLIC }, (request, reply) =>
    serve(request, reply, async (view, target) => {
      if (view.kind !== 'product-qa') throw notHere();
      return inShop(target.shopId, (ctx) => productQa(ctx).faqs(view, request.params.ref!), false);
    }),
  );

  app.post<{ Params: Params; Body: { text?: unknown } }>(
    '/widget/:key/sessions/:sid/products/:ref/questions',
    { bodyLimit: BODY_LIMIT, config: PUBLIC },
    (request, reply) =>
      serve(request, reply, async (view, target) => {
        if (view.kind !== 'product-qa') throw notHere();
        const text = typeof request.body?.text === 'string' ? request.body.text : '';
        const asked = await inShop(target.shopId, async (ctx) => {
          const session = await ctx.services.widgetVisitorService.session(view, request.params.sid!, tokenOf(request));
          return { session, ...(await productQa(ctx).submit(view, session, request.params.ref!, text)) };
        });
        const answer = asked.alreadyAnswered
          ? null
          : await composed(target.shopId, view, text, `The question is about the product “${asked.productTitle}”.`);
        const settled = asked.alreadyAnswered
          ? { answered: true, text: asked.alreadyAnswered, published: false }
          : await inShop(target.shopId, (ctx) =>
              productQa(ctx).settle(view, asked.session, asked.questionId, text, answer),
            );
        return { question_id: asked.questionId, ...settled };
      }),
  );

  // A frame load carries no Origin: the page goes out to any frame, and the browser applies its frame-ancestors.
  app.get<{ Params: Params }>('/widget/:key/frame', { config: PUBLIC }, (request, reply) =>
    serve(
      request,
      reply,
      async (view) => {
        // The page is for frames on the listed sites; opened directly it would escape the list.
        if (view.allowedDomains.length > 0 && request.headers['sec-fetch-dest'] === 'document')
          throw refuse(403, 'origin_not_allowed', 'This page is shown only inside the shop’s site.');
        reply
          .type('text/html; charset=utf-8')
          .header(
            'content-security-policy',
            `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; img-src https: data:; ${frameAncestors(view.allowedDomains)}`,
          )
          .header('x-content-type-options', 'nosniff')
          .header('referrer-policy', 'no-referrer');
        return `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Assistant</title></head><body style="margin:0"><script src="/widget/embed.js" data-key="${request.params.key}" data-mode="inline"></script></body></html>`;
      },
      false,
    ),
  );

  const productQa = (ctx: Context) => {
    if (!ctx.services.kernelCatalog.names().includes('products'))
      throw refuse(404, 'not_found', 'The shop has no catalogue here.');
    return ctx.services.widgetProductQa;
  };
}
