import { randomBytes } from 'node:crypto';
import { Compile } from 'typebox/compile';
import { invalidArguments, invalidState, notFound } from '../../../core/index.js';
import { ChatappProvider } from '../entities/chatapp-provider.entity.js';
import { ChatappSession } from '../entities/chatapp-session.entity.js';
import { secretFields, type ProviderKind, type ProviderRecord } from '../channel/providers/provider-kind.js';
import type { ChatappCradle } from './cradle.js';
import { viaChannel } from './channel-failure.js';

export interface ProviderChanges {
  providerId?: number;
  label?: string;
  /** The fields given, by kind name (one kind per call). */
  byKind: Record<string, Record<string, string> | undefined>;
}

const validators = new WeakMap<ProviderKind, ReturnType<typeof Compile>>();
const validatorOf = (kind: ProviderKind) => {
  let v = validators.get(kind);
  if (!v) validators.set(kind, (v = Compile(kind.fields)));
  return v;
};

/**
 * The shop's own messaging providers (its Cloud API account, …): configured with the kind's fields,
 * secrets sealed at rest and never shown again, URLs through the network guard, and the
 * credentials checked against the network before anything is stored.
 */
export class ChatappProvidersService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  async configure(changes: ProviderChanges) {
    const given = Object.entries(changes.byKind).filter(([, fields]) => fields !== undefined);
    const existing = changes.providerId === undefined ? null : await this.get(changes.providerId);
    if (given.length > 1)
      throw invalidArguments(
        'Give the fields of one provider kind per call.',
        given.map(([name]) => ({ path: `${name}`, message: 'one kind only' })),
      );
    const kindName = given[0]?.[0] ?? existing?.kind;
    if (!kindName)
      throw invalidArguments(
        `Name the provider kind by its fields: ${this.deps.chatappChannelRegistry.kindNames().join(', ')}.`,
        [{ path: 'cloud_api', message: 'is required for a new provider' }],
      );
    if (existing && existing.kind !== kindName)
      throw invalidArguments(`Provider ${existing.id} is a ${existing.kind} provider.`, [
        { path: `${kindName}`, message: `provider ${existing.id} takes ${existing.kind}` },
      ]);
    const kind = this.deps.chatappChannelRegistry.kind(kindName)!;
    const fields = { ...(existing ? this.fieldsOf(existing) : {}), ...(given[0]?.[1] ?? {}) };
    const missing = ((kind.fields.required ?? []) as string[]).filter((field) => fields[field] === undefined);
    if (missing.length > 0)
      throw invalidArguments(
        `A ${kindName} provider needs ${missing.join(', ')}.`,
        missing.map((field) => ({ path: `${kindName}.${field}`, message: 'is required' })),
      );
    const validator = validatorOf(kind);
    if (!validator.Check(fields)) {
      const errors = [...validator.Errors(fields)].map((e) => ({
        path: `${kindName}${e.instancePath.replaceAll('/', '.')}`,
        message: e.message,
      }));
      throw invalidArguments(
        `The ${kindName} provider is incomplete or invalid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
        errors,
      );
    }
    for (const field of kind.urlFields)
      fields[field] = (await this.deps.networkGuard.checkUrl(fields[field]!)).url.href;
    const secrets = new Set(secretFields(kind));
    const settings = Object.fromEntries(Object.entries(fields).filter(([name]) => !secrets.has(name)));
    const credentials = Object.fromEntries(Object.entries(fields).filter(([name]) => secrets.has(name)));
    const key = existing?.key ?? `prv_${randomBytes(18).toString('base64url')}`;
    const offered = await viaChannel(() =>
      this.deps.chatappChannelRegistry.verify({
        id: existing?.id ?? 0,
        shopId: this.deps.shop.id,
        key,
        kind: kindName,
        settings,
        credentials,
        version: 'verifying',
      }),
    );
    const row =
      existing ??
      this.em.create(ChatappProvider, {
        key,
        kind: kindName,
        settings: {},
        credentialsSealed: '',
      } as unknown as ChatappProvider);
    row.settings = settings;
    row.credentialsSealed = this.deps.secrets.seal(JSON.stringify(credentials));
    if (changes.label !== undefined) row.label = changes.label;
    // A change of credentials alone must still give a new version: the adapter is rebuilt from it.
    row.updatedAt = new Date();
    await this.em.flush();
    return { provider: await this.payload(row), offered_lines: offered };
  }

  async list() {
    const rows = await this.em.find(ChatappProvider, {}, { orderBy: { id: 'asc' } });
    const payloads = [];
    for (const row of rows) payloads.push(await this.payload(row));
    return { providers: payloads, count: rows.length };
  }

  async remove(id: number) {
    const row = await this.get(id);
    const inUse = await this.em.find(
      ChatappSession,
      { providerId: id, status: { $ne: 'disconnected' } },
      { orderBy: { id: 'asc' } },
    );
    if (inUse.length > 0)
      throw invalidState(
        `Provider ${id} still has lines in use (${inUse.map((s) => s.id).join(', ')}): disconnect them with disconnect_chatapp first.`,
        { current_status: 'in_use', allowed: ['no line in use'], session_ids: inUse.map((s) => s.id) },
      );
    await this.em.removeAndFlush(row);
    this.deps.chatappChannelRegistry.forget(id);
    return { removed: true as const, provider_id: id };
  }

  async get(id: number): Promise<ChatappProvider> {
    const row = await this.em.findOne(ChatappProvider, { id });
    if (!row) throw notFound('provider', id);
    return row;
  }

  /** The provider as its adapter is built from it, credentials opened; null when the shop has none with that id. */
  async record(id: number): Promise<ProviderRecord | null> {
    const row = await this.em.findOne(ChatappProvider, { id });
    return row && this.recordOf(row);
  }

  recordOf(
    row: Pick<ChatappProvider, 'id' | 'shopId' | 'key' | 'kind' | 'settings' | 'credentialsSealed' | 'updatedAt'>,
  ): ProviderRecord {
    return {
      id: row.id,
      shopId: row.shopId,
      key: row.key,
      kind: row.kind,
      settings: row.settings,
      credentials: JSON.parse(this.deps.secrets.open(row.credentialsSealed)) as Record<string, string>,
      version: row.updatedAt.toISOString(),
    };
  }

  private fieldsOf(row: ChatappProvider): Record<string, string> {
    const record = this.recordOf(row);
    return { ...record.settings, ...record.credentials };
  }

  private async payload(row: ChatappProvider) {
    const kind = this.deps.chatappChannelRegistry.kind(row.kind);
    const lines = await this.em.count(ChatappSession, { providerId: row.id });
    const path = kind?.webhookPath(row.key) ?? null;
    return {
      id: row.id,
      kind: row.kind,
      label: row.label ?? null,
      settings: { ...row.settings },
      /** Names only: a secret is never shown again. */
      credentials_set: kind ? secretFields(kind) : [],
      webhook_url: path && `${this.deps.baseUrl()}${path}`,
      lines,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  }
}
