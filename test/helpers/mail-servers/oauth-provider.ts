import { createHash, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { freePort } from '../server-process.js';

interface Grant {
  user: string;
  clientId: string;
  redirectUri: string;
  challenge: string;
}

/**
 * A local OAuth2 provider with the real endpoint shapes: `GET /authorize` (authorization code with
 * PKCE S256, as Google and Microsoft take it; the user's consent is immediate, answered with the
 * 302 back to redirect_uri) and `POST /token` (form-encoded authorization_code and refresh_token
 * grants, JSON answers and `invalid_grant` / `invalid_client` errors). Issued access tokens are
 * announced with `onToken`, so the test's IMAP and SMTP servers accept them.
 */
export class FakeOauthProvider {
  readonly clientId = 'switchboard-test-client';
  readonly clientSecret = 'switchboard-test-secret';
  readonly codes = new Map<string, Grant>();
  readonly refreshTokens = new Map<string, string>();
  readonly grants: { grant_type: string; user: string }[] = [];
  /** Seconds an access token lives. */
  expiresIn = 3600;
  port = 0;
  private server!: Server;

  constructor(private readonly onToken: (user: string, accessToken: string) => void) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.port = await freePort();
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', this.url);
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'GET' && url.pathname === '/authorize') {
        const q = url.searchParams;
        if (q.get('client_id') !== this.clientId) return json(400, { error: 'invalid_client' });
        if (q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge'))
          return json(400, { error: 'invalid_request' });
        const code = randomBytes(16).toString('hex');
        this.codes.set(code, {
          user: q.get('login_hint') ?? '',
          clientId: q.get('client_id')!,
          redirectUri: q.get('redirect_uri')!,
          challenge: q.get('code_challenge')!,
        });
        const back = new URL(q.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state') ?? '');
        response.writeHead(302, { location: back.href });
        return response.end();
      }
      if (request.method === 'POST' && url.pathname === '/token') {
        let body = '';
        request.on('data', (chunk: Buffer) => (body += chunk.toString()));
        request.on('end', () => {
          const form = new URLSearchParams(body);
          if (form.get('client_id') !== this.clientId || form.get('client_secret') !== this.clientSecret)
            return json(401, { error: 'invalid_client' });
          let user: string | undefined;
          if (form.get('grant_type') === 'authorization_code') {
            const grant = this.codes.get(form.get('code') ?? '');
            this.codes.delete(form.get('code') ?? '');
            const verifier = form.get('code_verifier') ?? '';
            if (!grant || grant.redirectUri !== form.get('redirect_uri'))
              return json(400, { error: 'invalid_grant', error_description: 'unknown or used code' });
            if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
              return json(400, { error: 'invalid_grant', error_description: 'PKCE verification failed' });
            user = grant.user;
          } else if (form.get('grant_type') === 'refresh_token') {
            user = this.refreshTokens.get(form.get('refresh_token') ?? '');
            if (!user) return json(400, { error: 'invalid_grant', error_description: 'unknown refresh token' });
            // Rotated, as Microsoft does: the old refresh token is spent.
            this.refreshTokens.delete(form.get('refresh_token')!);
          } else return json(400, { error: 'unsupported_grant_type' });
          const access = `at-${randomBytes(12).toString('hex')}`;
          const refresh = `rt-${randomBytes(12).toString('hex')}`;
          this.refreshTokens.set(refresh, user);
          this.grants.push({ grant_type: form.get('grant_type')!, user });
          this.onToken(user, access);
          json(200, { access_token: access, refresh_token: refresh, expires_in: this.expiresIn, token_type: 'Bearer' });
        });
        return;
      }
      json(404, { error: 'not_found' });
    });
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
