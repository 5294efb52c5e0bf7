import { ToolError, type NetworkGuard } from '../../../../core/index.js';

/**
 * Twilio's REST API as the voice group uses it: reading the account proves the SID and auth token
 * (basic auth) before they are saved. Through the network guard; base URL from config.
 */
export async function fetchTwilioAccount(guard: NetworkGuard, baseUrl: string, sid: string, token: string) {
  const url = `${baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(sid)}.json`;
  let response: Awaited<ReturnType<NetworkGuard['fetch']>>;
  try {
    response = await guard.fetch(url, {
      headers: {
        authorization: `Basic ${Buffer.from(`${sid}:${token}`).toString('base64')}`,
        accept: 'application/json',
      },
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    if (err instanceof ToolError) throw err;
    throw new ToolError(
      'provider_unreachable',
      `Twilio could not be reached: ${(err as Error).message}`.slice(0, 300),
      {
        provider: 'twilio',
      },
    );
  }
  const body = (await response.json().catch(() => ({}))) as {
    friendly_name?: string;
    status?: string;
    message?: string;
    code?: number;
  };
  if (response.status === 401 || response.status === 404)
    throw new ToolError('provider_auth_failed', 'Twilio refused this account SID and auth token.', {
      provider: 'twilio',
      provider_status: response.status,
      provider_code: body.code ?? null,
    });
  if (!response.ok)
    throw new ToolError(
      'provider_unreachable',
      `Twilio answered ${response.status}: ${body.message ?? 'no detail'}`.slice(0, 300),
      {
        provider: 'twilio',
      },
    );
  return { account_name: body.friendly_name ?? null, account_status: body.status ?? null };
}
