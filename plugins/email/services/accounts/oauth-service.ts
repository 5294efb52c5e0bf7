import { createHash, randomBytes } from 'node:crypto';
import type { EmailConfig } from '../../config.js';
import { invalidState, ToolError, type Services, type ServiceDeps } from '../../../../core/index.js';
import { type EmailAccount } from '../../entities/email-account.entity.js';
import type { OauthProvider } from '../../entities/values.js';

/** How long an authorization link works. */
const STATE_SECONDS = 600;
/** An access token this close to its end is refreshed before use. */
const REFRESH_MARGIN_MS = 60_000;

interface OauthState {
  shop: number;
  account: number;
  verifier: string;
  exp: number;
}

interface TokenAnswer {
  access_token?: string;
  refresh_token?: string;
  expires_in?: number;
  error?: string;
  error_description?: string;
}

export const CALLBACK_PATH = '/email/oauth/callback';

/**
 * OAuth2 for mailboxes (XOAUTH2 over IMAP and SMTP): the authorization-code flow with PKCE
 * (S256), its state sealed with the server's secret (shop, account, verifier, 10 minutes: nothing
 * to store, nothing to forge), tokens sealed at rest, and an access token refreshed under the
 * account's row lock shortly before it ends, so two processes never spend one refresh token twice.
 */
export class EmailOauthService {
  constructor(private readonly deps: ServiceDeps<EmailConfig>) {}

  /** The provider's sign-in link for an OAuth2 account. */
  async start(accountId: number): Promise<{ authorization_url: string; redirect_uri: string; expires_at: string }> {
    const account = await this.deps.emailAccountsService.get(accountId);
    if (account.authType !== 'oauth2')
      throw invalidState(`Email account ${accountId} signs in with a password (auth_type basic), not OAuth2.`, {
        current_status: account.authType,
        allowed: ['oauth2'],
        action: 'start_email_oauth',
      });
    const provider = this.provider(account.oauthProvider);
    const verifier = randomBytes(32).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + STATE_SECONDS;
    const state: OauthState = { shop: this.deps.shop.id, account: accountId, verifier, exp };
    const redirectUri = this.redirectUri();
    const url = new URL(provider.authorizeUrl);
    url.search = new URLSearchParams({
      ...Object.fromEntries(url.searchParams),
      response_type: 'code',
      client_id: provider.clientId!,
      redirect_uri: redirectUri,
      scope: provider.scope,
      state: Buffer.from(this.deps.secrets.seal(JSON.stringify(state))).toString('base64url'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      login_hint: account.emailAddress,
      // Google and Microsoft hand out a refresh token only when asked for offline access.
      ...(account.oauthProvider === 'gmail' && { access_type: 'offline', prompt: 'consent' }),
    }).toString();
    return { authorization_url: url.href, redirect_uri: redirectUri, expires_at: new Date(exp * 1000).toISOString() };
  }

  /** The state of a callback, if it is ours and still valid. */
  static readState(secrets: Services['secrets'], raw: string): OauthState | null {
    try {
      const state = JSON.parse(secrets.open(Buffer.from(raw, 'base64url').toString())) as OauthState;
      return state.exp * 1000 >= Date.now() ? state : null;
    } catch {
      return null;
    }
  }

  /** The callback's code, exchanged for tokens with the state's verifier; the account becomes active. */
  async finish(state: OauthState, code: string): Promise<EmailAccount> {
    const account = await this.deps.emailAccountsService.get(state.account);
    const provider = this.provider(account.oauthProvider);
    const answer = await this.tokenRequest(provider, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: this.redirectUri(),
      code_verifier: state.verifier,
    });
    if (!answer.refresh_token && !account.oauthRefreshSealed)
      throw new ToolError(
        'connection_failed',
        'The provider granted no refresh token; sign in again and allow offline access.',
        {
          side: 'imap',
          reason: 'auth',
          server_reply: null,
        },
      );
    this.store(account, answer);
    this.deps.emailAccountsService.markHealthy(account);
    await this.deps.em.flush();
    return account;
  }

  /** A usable access token: the stored one, or a fresh one when it ends within a minute. */
  async accessToken(account: EmailAccount): Promise<string> {
    if (!account.oauthAccessSealed || !account.oauthRefreshSealed)
      throw new ToolError(
        'connection_failed',
        `Email account ${account.id} is not authorized yet: complete the flow start_email_oauth returns.`,
        {
          side: 'imap',
          reason: 'auth',
          server_reply: null,
        },
      );
    if (account.oauthExpiresAt && account.oauthExpiresAt.getTime() - REFRESH_MARGIN_MS > Date.now())
      return this.deps.secrets.open(account.oauthAccessSealed);
    return this.deps.em.transactional(async (em) => {
      const [row] = await em.execute<
        { oauth_access_sealed: string; oauth_refresh_sealed: string; oauth_expires_at: Date | null }[]
      >(
        `select oauth_access_sealed, oauth_refresh_sealed, oauth_expires_at from email_accounts where id = ? and shop_id = ? for update`,
        [account.id, this.deps.shop.id],
      );
      // Another process refreshed it while this one waited for the lock.
      if (row?.oauth_expires_at && new Date(row.oauth_expires_at).getTime() - REFRESH_MARGIN_MS > Date.now())
        return this.deps.secrets.open(row.oauth_access_sealed);
      const answer = await this.tokenRequest(this.provider(account.oauthProvider), {
        grant_type: 'refresh_token',
        refresh_token: this.deps.secrets.open(row?.oauth_refresh_sealed ?? account.oauthRefreshSealed!),
      });
      this.store(account, answer);
      await em.execute(
        `update email_accounts set oauth_access_sealed = ?, oauth_refresh_sealed = ?, oauth_expires_at = ?, updated_at = now() where id = ? and shop_id = ?`,
        [account.oauthAccessSealed, account.oauthRefreshSealed, account.oauthExpiresAt, account.id, this.deps.shop.id],
      );
      return answer.access_token!;
    });
  }

  private store(account: EmailAccount, answer: TokenAnswer): void {
    account.oauthAccessSealed = this.deps.secrets.seal(answer.access_token!);
    if (answer.refresh_token) account.oauthRefreshSealed = this.deps.secrets.seal(answer.refresh_token);
    account.oauthExpiresAt = new Date(Date.now() + (answer.expires_in ?? 3600) * 1000);
  }

  private async tokenRequest(provider: ProviderSettings, fields: Record<string, string>): Promise<TokenAnswer> {
    const body = new URLSearchParams({
      ...fields,
      client_id: provider.clientId!,
      ...(provider.clientSecret && { client_secret: provider.clientSecret }),
    });
    let answer: TokenAnswer;
    let status: number;
    try {
      const response = await fetch(provider.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body,
        signal: AbortSignal.timeout(this.deps.config.connectTimeoutMs),
      });
      status = response.status;
      answer = (await response.json().catch(() => ({}))) as TokenAnswer;
    } catch (error) {
      throw new ToolError(
        'connection_failed',
        `The OAuth2 provider could not be reached: ${(error as Error).message}`,
        {
          side: 'oauth',
          reason: 'refused',
          server_reply: null,
        },
      );
    }
    if (status >= 400 || !answer.access_token)
      throw new ToolError(
        'connection_failed',
        `The OAuth2 provider refused: ${answer.error ?? `HTTP ${status}`}${answer.error_description ? ` (${answer.error_description})` : ''}. Sign in again with start_email_oauth.`,
        { side: 'oauth', reason: 'auth', server_reply: answer.error ?? null },
      );
    return answer;
  }

  private provider(name: OauthProvider | null | undefined): ProviderSettings {
    const settings = name ? this.deps.config.oauth[name] : undefined;
    if (!settings?.clientId)
      throw new ToolError(
        'oauth_not_configured',
        `This server has no OAuth2 client for ${name ?? 'the provider'}: the operator sets groups.email.config.oauth.${name ?? 'none'}.clientId (and clientSecret), registered with the redirect URI ${this.redirectUri()}.`,
        { provider: name ?? null },
      );
    return settings;
  }

  private redirectUri(): string {
    return `${this.deps.baseUrl()}${CALLBACK_PATH}`;
  }
}

type ProviderSettings = NonNullable<EmailConfig['oauth']['gmail']>;
