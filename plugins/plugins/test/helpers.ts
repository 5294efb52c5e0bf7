import type { TestKernel } from '../../../test/helpers/boot.js';

export interface WidgetCall {
  origin?: string | null;
  token?: string;
  body?: unknown;
  ip?: string;
  headers?: Record<string, string>;
}

/** A browser's request to a widget route, through inject (Origin and the client address as given). */
export async function widget(k: TestKernel, method: 'GET' | 'POST' | 'OPTIONS', url: string, call: WidgetCall = {}) {
  const headers: Record<string, string> = { ...call.headers };
  if (call.origin !== null) headers.origin = call.origin ?? 'https://shop.example';
  if (call.token) headers['x-widget-token'] = call.token;
  if (call.body !== undefined) headers['content-type'] = 'application/json';
  const res = await k.app.inject({
    method,
    url,
    headers,
    remoteAddress: call.ip ?? '203.0.113.7',
    ...(call.body !== undefined && { payload: JSON.stringify(call.body) }),
  });
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, headers: res.headers, body };
}

/** A visitor: a session on the widget of `key`, then messages. */
export async function visitor(k: TestKernel, key: string, call: WidgetCall = {}) {
  const opened = await widget(k, 'POST', `/widget/${key}/sessions`, { ...call, body: { language: 'en' } });
  if (opened.status !== 201) throw new Error(`session refused: ${opened.status} ${JSON.stringify(opened.body)}`);
  const { session_id: id, token } = opened.body as { session_id: string; token: string };
  return {
    id,
    token,
    say: (text: string) =>
      widget(k, 'POST', `/widget/${key}/sessions/${id}/messages`, { ...call, token, body: { text } }),
    read: (after = 0) => widget(k, 'GET', `/widget/${key}/sessions/${id}/messages?after=${after}`, { ...call, token }),
  };
}
