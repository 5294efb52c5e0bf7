import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local stand-in for Twilio in both directions. Its REST API answers the account read the way
 * Twilio does (basic auth with the account SID and auth token; 401 with Twilio's error body). Its
 * caller plays the voice webhooks of one number: form-encoded POSTs signed with X-Twilio-Signature
 * by the twilio library itself (an independent implementation of the signature), following the
 * TwiML answers — the speech `<Gather>` action, `<Say>`, `<Hangup/>`.
 */
export class TwilioFake {
  readonly accountSid = `AC${randomBytes(16).toString('hex')}`;
  authToken = randomBytes(16).toString('hex');
  readonly accountReads: string[] = [];
  private server?: Server;
  baseUrl = '';

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const match = /^\/2010-04-01\/Accounts\/([^/]+)\.json$/.exec(req.url ?? '');
      const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
      this.accountReads.push(req.url ?? '');
      if (!match)
        return res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 20404, message: 'The requested resource was not found', status: 404 }));
      if (req.headers.authorization !== expected || match[1] !== this.accountSid)
        return res.writeHead(401, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            code: 20003,
            message: 'Authenticate',
            more_info: 'https://www.twilio.com/docs/errors/20003',
            status: 401,
          }),
        );
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid: this.accountSid, friendly_name: 'Tienda Luna', status: 'active', type: 'Full' }));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** A caller on the number whose voice webhook is `voiceUrl`. */
  /** `extra`: parameters Twilio adds to every webhook of the call (a TwiML app's call: the token grant's params). */
  caller(voiceUrl: string, from: string, to: string, extra: Record<string, string> = {}): TwilioCall {
    return new TwilioCall(this, voiceUrl, from, to, extra);
  }
}

export interface Spoken {
  status: number;
  say: string[];
  gatherAction: string | null;
  hangup: boolean;
  language: string | null;
  body: string;
}

const unxml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

export class TwilioCall {
  readonly callSid = `CA${randomBytes(16).toString('hex')}`;
  private action: string | null = null;

  constructor(
    private readonly fake: TwilioFake,
    private readonly voiceUrl: string,
    private readonly from: string,
    private readonly to: string,
    private readonly extra: Record<string, string>,
  ) {}

  private get common() {
    return {
      AccountSid: this.fake.accountSid,
      CallSid: this.callSid,
      From: this.from,
      To: this.to,
      Direction: 'inbound',
      ApiVersion: '2010-04-01',
      ...this.extra,
    };
  }

  /** A POST as Twilio makes it; `tamper` changes it after signing (the tests of refusals). */
  async post(
    url: string,
    params: Record<string, string>,
    tamper?: (req: { url: string; params: Record<string, string>; headers: Record<string, string> }) => void,
  ) {
    const signature = twilio.getExpectedTwilioSignature(this.fake.authToken, url, params);
    const req = { url, params: { ...params }, headers: { 'x-twilio-signature': signature } as Record<string, string> };
    tamper?.(req);
    const res = await fetch(req.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...req.headers },
      body: new URLSearchParams(req.params).toString(),
    });
    return { status: res.status, body: await res.text() };
  }

  private read(res: { status: number; body: string }): Spoken {
    const say = [...res.body.matchAll(/<Say[^>]*>([\s\S]*?)<\/Say>/g)].map((m) => unxml(m[1]!));
    const action = /<Gather[^>]*action="([^"]+)"/.exec(res.body)?.[1];
    this.action = action ? unxml(action) : this.action;
    return {
      status: res.status,
      say,
      gatherAction: action ? unxml(action) : null,
      hangup: res.body.includes('<Hangup/>'),
      language: /<Say language="([^"]+)"/.exec(res.body)?.[1] ?? null,
      body: res.body,
    };
  }

  async dial(): Promise<Spoken> {
    return this.read(await this.post(this.voiceUrl, { ...this.common, CallStatus: 'ringing' }));
  }

  /** The caller speaks; Twilio posts its transcription to the Gather action. */
  async say(text: string): Promise<Spoken> {
    return this.read(
      await this.post(this.action!, {
        ...this.common,
        CallStatus: 'in-progress',
        SpeechResult: text,
        Confidence: '0.91',
      }),
    );
  }

  /** The Gather heard nothing: Twilio follows the Redirect to the same action without a result. */
  async silence(): Promise<Spoken> {
    return this.read(await this.post(this.action!, { ...this.common, CallStatus: 'in-progress' }));
  }

  async hangUp(statusUrl: string, status = 'completed', seconds = 42) {
    return this.post(statusUrl, { ...this.common, CallStatus: status, CallDuration: String(seconds) });
  }
}
