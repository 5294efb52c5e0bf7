import { escapeHtml } from '../util/html.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ConfirmationGate, PageOutcome } from './confirmation-gate.js';

const TITLES: Record<PageOutcome['state'], string> = {
  unknown: 'Confirmation not found',
  pending: 'Confirm this action',
  done: 'Done',
  just_rejected: 'Rejected',
  executed: 'Already confirmed',
  rejected: 'Rejected',
  expired: 'Confirmation expired',
  invalidated: 'Confirmation no longer valid',
};

const EXPLANATIONS: Record<Exclude<PageOutcome['state'], 'pending' | 'done'>, string> = {
  unknown: 'This confirmation link is not valid.',
  executed: 'This action was already approved and carried out. Nothing more happens here.',
  just_rejected: 'You rejected this action. Nothing was done.',
  rejected: 'This action was rejected. Nothing was done.',
  expired: 'This confirmation expired before it was approved. Nothing was done; ask the assistant to start again.',
  invalidated:
    'This confirmation was replaced: the assistant called the tool again, which cancels earlier confirmations. Nothing was done; use the newest link.',
};

/**
 * The page where a person approves or rejects a user-confirmed call. Server-rendered HTML with two
 * plain forms: it has to work in any browser, with nothing to build.
 */
export async function confirmationPage(app: FastifyInstance, { gate }: { gate: ConfirmationGate }): Promise<void> {
  // The forms post no fields; accept their content type without parsing anything.
  app.addContentTypeParser('application/x-www-form-urlencoded', (_req, _payload, done) => done(null, {}));

  app.get<{ Params: { token: string } }>('/confirmations/:token', async (request, reply) =>
    render(reply, await gate.inspect(request.params.token), request.params.token),
  );
  app.post<{ Params: { token: string } }>('/confirmations/:token/approve', async (request, reply) =>
    render(reply, await gate.approve(request.params.token, request.id), request.params.token),
  );
  app.post<{ Params: { token: string } }>('/confirmations/:token/reject', async (request, reply) =>
    render(reply, await gate.reject(request.params.token, request.id), request.params.token),
  );
}

function render(reply: FastifyReply, outcome: PageOutcome, token: string) {
  // 410 is for a token that is no longer usable when it is opened, not for the press that just used it.
  const status =
    outcome.state === 'unknown'
      ? 404
      : outcome.state === 'pending' || outcome.state === 'done' || outcome.state === 'just_rejected'
        ? 200
        : 410;
  const title = outcome.state === 'done' && outcome.isError ? 'The action failed' : TITLES[outcome.state];
  let body: string;
  if (outcome.state === 'pending') {
    const t = encodeURIComponent(token);
    body = `
      <p class="summary">${escapeHtml(outcome.row.summary)}</p>
      <p class="meta">Tool <code>${escapeHtml(outcome.row.tool)}</code> · expires ${escapeHtml(outcome.row.expiresAt.toISOString())}</p>
      <div class="actions">
        <form method="post" action="/confirmations/${t}/approve"><button id="approve" type="submit">Approve</button></form>
        <form method="post" action="/confirmations/${t}/reject"><button id="reject" type="submit" class="secondary">Reject</button></form>
      </div>`;
  } else if (outcome.state === 'done') {
    const message =
      typeof outcome.payload.message === 'string'
        ? outcome.payload.message
        : outcome.isError
          ? 'The action could not be carried out.'
          : 'The action was carried out.';
    body = `
      <p class="summary">${escapeHtml(outcome.row.summary)}</p>
      <p id="result" class="${outcome.isError ? 'error' : 'ok'}">${escapeHtml(message)}</p>
      <pre>${escapeHtml(JSON.stringify(outcome.payload, null, 2))}</pre>`;
  } else {
    body = `<p id="state" class="error">${escapeHtml(EXPLANATIONS[outcome.state])}</p>`;
  }
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Switchboard</title>
<style>
 body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#111}
 h1{font-size:1.4rem} .summary{font-size:1.1rem} .meta{color:#555;font-size:.9rem}
 .actions{display:flex;gap:1rem} button{font-size:1rem;padding:.6rem 1.4rem;border-radius:.4rem;border:0;background:#2563eb;color:#fff;cursor:pointer}
 button.secondary{background:#e5e7eb;color:#111} .error{color:#b91c1c} .ok{color:#15803d} pre{background:#f3f4f6;padding:1rem;overflow:auto}
</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return (
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      // The Approve button must not be clickable through someone else's frame, and the token in the
      // URL must not leave in a Referer (same-origin, not no-referrer: that makes browsers post Origin: null).
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
      )
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'same-origin')
      .send(html)
  );
}
