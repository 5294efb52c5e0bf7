import { createHmac } from 'node:crypto';

export interface VoiceGrant {
  accountSid: string;
  apiKeySid: string;
  apiKeySecret: string;
  /** The TwiML app the browser's call goes through (its voice URL is this server's). */
  appSid: string;
  identity: string;
  /** Given to the TwiML app's webhook with the call (signed by Twilio, so the browser cannot change them). */
  params: Record<string, string>;
  ttlSeconds: number;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/**
 * A Twilio Access Token with a Voice grant, for the Voice JavaScript SDK in a visitor's browser: a
 * JWT (HS256, keyed by the API key's secret) issued by the API key for the account, as Twilio's
 * helper library makes it (header `cty: twilio-fpa;v=1`, `jti` = key SID + issue time).
 */
export function voiceAccessToken(grant: VoiceGrant): string {
  const now = Math.floor(Date.now() / 1000);
  const header = { alg: 'HS256', typ: 'JWT', cty: 'twilio-fpa;v=1' };
  const payload = {
    jti: `${grant.apiKeySid}-${now}`,
    grants: {
      identity: grant.identity,
      voice: { outgoing: { application_sid: grant.appSid, params: grant.params } },
    },
    iat: now,
    exp: now + grant.ttlSeconds,
    iss: grant.apiKeySid,
    sub: grant.accountSid,
  };
  const unsigned = `${b64url(JSON.stringify(header))}.${b64url(JSON.stringify(payload))}`;
  return `${unsigned}.${createHmac('sha256', grant.apiKeySecret).update(unsigned).digest('base64url')}`;
}
