import { invalidArguments, invalidState, notFound, ToolError, type Services } from '../../../../core/index.js';
import { EmailAccount } from '../../entities/email-account.entity.js';
import { EmailFolder } from '../../entities/email-folder.entity.js';
import { EmailMessage } from '../../entities/email-message.entity.js';
import type { AccountStatus } from '../../entities/values.js';
import type { MailTarget } from '../connection/mail-target.js';
import {
  normalizeAddress,
  resolveConnection,
  sentCopyFor,
  type AccountFields,
  type Connection,
} from './account-fields.js';

/** At most this many accounts per shop (spec, Limits). */
export const MAX_ACCOUNTS = 10;

const LOCK_SQL = `select pg_advisory_xact_lock(hashtext('email.accounts'), ?)`;
const CONNECTION_FIELDS = [
  'imap_host',
  'imap_port',
  'imap_tls',
  'imap_user',
  'imap_password',
  'smtp_host',
  'smtp_port',
  'smtp_tls',
  'smtp_user',
  'smtp_password',
] as const;

/**
 * The shop's mailboxes. A basic account is stored only after both its servers accepted the login;
 * an OAuth2 account waits in auth_error until start_email_oauth's flow brings its tokens.
 * Passwords and tokens are sealed with the kernel's secret box and never leave this service.
 */
export class EmailAccountsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /** What a create would be refused for without reaching a server: the limit, a taken address, missing fields. */
  async checkCreate(fields: AccountFields & { email_address: string }): Promise<Connection> {
    const connection = resolveConnection(fields);
    await this.checkLimit();
    await this.checkAddressFree(fields.email_address);
    await this.checkAgentHashes(fields.agent_hashes ?? []);
    return connection;
  }

  /**
   * Everything a create would be refused for, servers included: wrong credentials fail the first
   * call, before a confirmation is issued. Returns the Sent folder the server marks.
   */
  async probeCreate(fields: AccountFields & { email_address: string }): Promise<string | null> {
    const connection = await this.checkCreate(fields);
    if ((fields.auth_type ?? 'basic') !== 'basic') return null;
    const imapPassword = fields.imap_password!;
    const probe = await this.deps.emailConnectionTester.require(
      this.target(connection, 'imap', { pass: imapPassword }),
      this.target(connection, 'smtp', { pass: fields.smtp_password ?? imapPassword }),
    );
    return probe.sentFolder;
  }

  /** Logs in again (things change between the first call and the confirmed one), then stores the account. */
  async create(fields: AccountFields & { email_address: string }): Promise<EmailAccount> {
    const connection = resolveConnection(fields);
    const authType = fields.auth_type ?? 'basic';
    const imapPassword = fields.imap_password ?? null;
    const smtpPassword = fields.smtp_password ?? imapPassword;
    const probed = await this.probeCreate(fields);
    const sentFolder = fields.sent_folder ?? probed;
    // Checked again under the shop's lock: two creates racing for the 10th place get one each.
    await this.em.execute(LOCK_SQL, [this.deps.shop.id]);
    await this.checkLimit();
    await this.checkAddressFree(fields.email_address);
    const provider = authType === 'oauth2' ? (fields.oauth_provider ?? null) : null;
    const isActive = (fields.is_active ?? 1) === 1;
    const account = this.em.create(EmailAccount, {
      label: fields.label ?? null,
      emailAddress: fields.email_address.trim(),
      authType,
      oauthProvider: provider,
      ...connection,
      imapPasswordSealed: imapPassword ? this.deps.secrets.seal(imapPassword) : null,
      smtpPasswordSealed: smtpPassword ? this.deps.secrets.seal(smtpPassword) : null,
      smtpFromName: fields.smtp_from_name ?? null,
      agentHashes: [...new Set(fields.agent_hashes ?? [])],
      signatureHtml: fields.signature_html ?? null,
      isActive,
      aiClassificationEnabled: (fields.ai_classification_enabled ?? 1) === 1,
      imapFolder: fields.imap_folder ?? 'INBOX',
      sentFolder,
      sentCopy: fields.sent_copy ?? sentCopyFor(provider),
      syncSinceDays: fields.sync_since_days ?? 7,
      status: authType === 'oauth2' ? 'auth_error' : isActive ? 'active' : 'inactive',
      lastError: authType === 'oauth2' ? 'Not authorized yet: complete the flow start_email_oauth returns.' : null,
      consecutiveFailures: 0,
    } as EmailAccount);
    await this.em.flush();
    return account;
  }

  async list(filters: { is_active?: number; status?: AccountStatus }, paging: { limit: number; offset: number }) {
    const where = {
      deletedAt: null,
      ...(filters.is_active !== undefined && { isActive: filters.is_active === 1 }),
      ...(filters.status && { status: filters.status }),
    };
    const [rows, count] = await this.em.findAndCount(EmailAccount, where, {
      orderBy: { id: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return { rows, count };
  }

  /** A live account of the shop (not_found for a deleted one or another shop's). */
  async get(id: number): Promise<EmailAccount> {
    const account = await this.em.findOne(EmailAccount, { id, deletedAt: null });
    if (!account) throw notFound('email_account', id);
    return account;
  }

  /**
   * The mailbox the shop's automatic mail (calendar notifications) goes from: its oldest active
   * account, so customers' replies land in one inbox; null when it has none.
   */
  defaultSender(): Promise<EmailAccount | null> {
    return this.em.findOne(EmailAccount, { deletedAt: null, isActive: true }, { orderBy: { id: 'asc' } });
  }

  /** One of the shop's accounts, deleted ones too (their threads and figures stay). */
  async findOwned(id: number): Promise<EmailAccount> {
    const [account] = await this.findAny([id]);
    if (!account) throw notFound('email_account', id);
    return account;
  }

  /** Any of the shop's accounts, deleted ones too (a thread's account). */
  findAny(ids: number[]): Promise<EmailAccount[]> {
    return ids.length === 0 ? Promise.resolve([]) : this.em.find(EmailAccount, { id: { $in: [...new Set(ids)] } });
  }

  /**
   * Changes what is given. A password is replaced only when given; changed connection fields
   * are logged in with before anything is saved (connection_failed leaves the account as it was).
   */
  async update(id: number, fields: AccountFields): Promise<EmailAccount> {
    const account = await this.get(id);
    if (Object.values(fields).every((v) => v === undefined))
      throw invalidArguments('Nothing to change: give at least one field.');
    if (
      fields.email_address !== undefined &&
      normalizeAddress(fields.email_address) !== normalizeAddress(account.emailAddress)
    )
      await this.checkAddressFree(fields.email_address, id);
    if (fields.agent_hashes) await this.checkAgentHashes(fields.agent_hashes);
    const authType = fields.auth_type ?? account.authType;
    const provider = authType === 'oauth2' ? (fields.oauth_provider ?? account.oauthProvider) : null;
    const connectionChanged =
      CONNECTION_FIELDS.some((f) => fields[f] !== undefined) ||
      fields.auth_type !== undefined ||
      fields.oauth_provider !== undefined;
    const imapPassword = fields.imap_password ?? this.open(account.imapPasswordSealed);
    const smtpPassword =
      fields.smtp_password ??
      (fields.imap_password !== undefined && !account.smtpPasswordSealed
        ? fields.imap_password
        : this.open(account.smtpPasswordSealed));
    const connection = connectionChanged
      ? resolveConnection({
          email_address: fields.email_address ?? account.emailAddress,
          auth_type: authType,
          oauth_provider: provider,
          imap_host: fields.imap_host ?? account.imapHost,
          imap_port: fields.imap_port ?? account.imapPort,
          imap_tls: fields.imap_tls ?? (fields.imap_port === undefined ? account.imapTls : undefined),
          imap_user: fields.imap_user ?? account.imapUser,
          imap_password: imapPassword,
          smtp_host: fields.smtp_host ?? account.smtpHost,
          smtp_port: fields.smtp_port ?? account.smtpPort,
          smtp_tls: fields.smtp_tls ?? (fields.smtp_port === undefined ? account.smtpTls : undefined),
          smtp_user: fields.smtp_user ?? account.smtpUser,
        })
      : null;
    if (connection && authType === 'basic')
      await this.deps.emailConnectionTester.require(
        this.target(connection, 'imap', { pass: imapPassword! }),
        this.target(connection, 'smtp', { pass: smtpPassword! }),
      );
    if (connection) {
      Object.assign(account, connection);
      account.authType = authType;
      account.oauthProvider = provider;
      account.imapPasswordSealed = imapPassword ? this.deps.secrets.seal(imapPassword) : null;
      account.smtpPasswordSealed = smtpPassword ? this.deps.secrets.seal(smtpPassword) : null;
      if (authType === 'basic') {
        account.oauthAccessSealed = null;
        account.oauthRefreshSealed = null;
        account.oauthExpiresAt = null;
      }
      this.markHealthy(account);
    }
    if (fields.email_address !== undefined) account.emailAddress = fields.email_address.trim();
    if (fields.label !== undefined) account.label = fields.label;
    if (fields.smtp_from_name !== undefined) account.smtpFromName = fields.smtp_from_name;
    if (fields.agent_hashes !== undefined) account.agentHashes = [...new Set(fields.agent_hashes)];
    if (fields.signature_html !== undefined) account.signatureHtml = fields.signature_html;
    if (fields.ai_classification_enabled !== undefined)
      account.aiClassificationEnabled = fields.ai_classification_enabled === 1;
    if (fields.imap_folder !== undefined) account.imapFolder = fields.imap_folder;
    if (fields.sent_folder !== undefined) account.sentFolder = fields.sent_folder;
    if (fields.sent_copy !== undefined) account.sentCopy = fields.sent_copy;
    if (fields.sync_since_days !== undefined) account.syncSinceDays = fields.sync_since_days;
    if (fields.is_active !== undefined) {
      account.isActive = fields.is_active === 1;
      if (!account.isActive) account.status = 'inactive';
      else if (account.status === 'inactive') this.markHealthy(account);
    }
    await this.em.flush();
    return account;
  }

  /**
   * The account goes; its threads stay readable (account_deleted) and its address may be
   * connected again. Mail it still had scheduled is deleted, never sent.
   */
  async delete(id: number): Promise<{ scheduled_deleted: number }> {
    const account = await this.get(id);
    account.deletedAt = new Date();
    account.isActive = false;
    account.status = 'inactive';
    account.imapPasswordSealed = null;
    account.smtpPasswordSealed = null;
    account.oauthAccessSealed = null;
    account.oauthRefreshSealed = null;
    const scheduled = await this.em.nativeDelete(EmailMessage, { accountId: id, status: 'scheduled' });
    await this.em.nativeDelete(EmailFolder, { accountId: id });
    await this.em.flush();
    return { scheduled_deleted: scheduled };
  }

  /**
   * Logs in with a stored account's settings, or with connection fields given to try them before
   * creating an account (basic auth). Stores nothing.
   */
  async test(args: AccountFields & { account_id?: number }) {
    if (args.account_id !== undefined) {
      const account = await this.get(args.account_id);
      return this.deps.emailConnectionTester.test(await this.imapTarget(account), await this.smtpTarget(account));
    }
    if (!args.email_address)
      throw invalidArguments('Give account_id, or email_address with the connection fields to try.', [
        { path: 'account_id', message: 'or email_address is required' },
      ]);
    const connection = resolveConnection({ ...args, email_address: args.email_address, auth_type: 'basic' });
    const imapPassword = args.imap_password!;
    return this.deps.emailConnectionTester.test(
      this.target(connection, 'imap', { pass: imapPassword }),
      this.target(connection, 'smtp', { pass: args.smtp_password ?? imapPassword }),
    );
  }

  /** The account's IMAP server with what logs in to it now. */
  async imapTarget(account: EmailAccount): Promise<MailTarget> {
    return this.target(this.columnsOf(account), 'imap', await this.secretFor(account, 'imap'));
  }

  async smtpTarget(account: EmailAccount): Promise<MailTarget> {
    return this.target(this.columnsOf(account), 'smtp', await this.secretFor(account, 'smtp'));
  }

  /** The account can be synced or sent from: live and active. */
  assertUsable(account: EmailAccount, action: string): void {
    if (!account.isActive)
      throw invalidState(`Email account ${account.id} is inactive; set is_active to 1 first.`, {
        current_status: account.status,
        allowed: ['active', 'auth_error', 'connection_error'],
        action,
      });
  }

  /** A successful login or sync: the account is healthy again. */
  markHealthy(account: EmailAccount): void {
    account.status = account.isActive ? 'active' : 'inactive';
    account.lastError = null;
    account.consecutiveFailures = 0;
    account.backoffUntil = null;
  }

  private async secretFor(account: EmailAccount, side: 'imap' | 'smtp') {
    if (account.authType === 'oauth2') return { accessToken: await this.deps.emailOauthService.accessToken(account) };
    const sealed =
      side === 'imap' ? account.imapPasswordSealed : (account.smtpPasswordSealed ?? account.imapPasswordSealed);
    if (!sealed)
      throw new ToolError('connection_failed', `Email account ${account.id} has no ${side} password.`, {
        side,
        reason: 'auth',
        server_reply: null,
      });
    return { pass: this.deps.secrets.open(sealed) };
  }

  private open(sealed: string | null | undefined): string | null {
    return sealed ? this.deps.secrets.open(sealed) : null;
  }

  private target(c: Connection, side: 'imap' | 'smtp', secret: MailTarget['secret']): MailTarget {
    return side === 'imap'
      ? { host: c.imapHost, port: c.imapPort, tls: c.imapTls, user: c.imapUser, secret }
      : { host: c.smtpHost, port: c.smtpPort, tls: c.smtpTls, user: c.smtpUser, secret };
  }

  private columnsOf(account: EmailAccount): Connection {
    return {
      imapHost: account.imapHost!,
      imapPort: account.imapPort,
      imapTls: account.imapTls,
      imapUser: account.imapUser,
      smtpHost: account.smtpHost!,
      smtpPort: account.smtpPort,
      smtpTls: account.smtpTls,
      smtpUser: account.smtpUser,
    };
  }

  private async checkLimit(): Promise<void> {
    const current = await this.em.count(EmailAccount, { deletedAt: null });
    if (current >= MAX_ACCOUNTS)
      throw new ToolError(
        'email_account_limit_reached',
        `The shop has ${current} email accounts, the most allowed is ${MAX_ACCOUNTS}. Delete one first.`,
        { current_count: current, max_allowed: MAX_ACCOUNTS },
      );
  }

  private async checkAddressFree(address: string, exceptId?: number): Promise<void> {
    const [row] = await this.em.execute<{ id: number }[]>(
      `select id from email_accounts where shop_id = ? and lower(email_address) = ? and deleted_at is null and id <> ? limit 1`,
      [this.deps.shop.id, normalizeAddress(address), exceptId ?? 0],
    );
    if (row)
      throw new ToolError('conflict', `Email account ${row.id} already has the address ${address.trim()}.`, {
        account_id: Number(row.id),
      });
  }

  private async checkAgentHashes(hashes: string[]): Promise<void> {
    if (hashes.length === 0) return;
    const found = new Set((await this.deps.agentsService.findByHashes(hashes)).map((a) => a.agentHash));
    const unknown = [...new Set(hashes)].filter((h) => !found.has(h));
    if (unknown.length > 0)
      throw invalidArguments(
        `Unknown agent hash: ${unknown.join(', ')} (list_agents shows each agent's agent_hash).`,
        unknown.map((h) => ({ path: 'agent_hashes', message: `no agent has the hash ${h}` })),
      );
  }
}
