import type { EntityManager } from '../../../core/index.js';
import { forkForShop, hashApiToken } from '../../../core/app-kit.js';
import type { EnginePairing } from '../sandbox/sandbox-engine.js';
import { ServiceSession } from './entities/service-session.entity.js';
import { generateSessionApiKey } from './session-api-key.js';
import type { SessionEngine } from './session-engine.js';

/**
 * The session service's registry: which shop owns which session, and the hash of its API key.
 * Lookups by key run without the tenant filter because the shop is what they establish; every
 * caller compares the shop afterwards.
 */
export class ServiceSessions {
  constructor(
    private readonly rootEm: EntityManager,
    private readonly engine: SessionEngine,
  ) {}

  /**
   * The engine session and its owner record commit together: no session without an owner. Pairing
   * starts once both are committed (a real engine's connection writes its credentials as it goes).
   */
  async create(
    shopId: number,
    label: string | undefined,
  ): Promise<{ record: ServiceSession; apiKey: string; pairing: EnginePairing }> {
    const apiKey = generateSessionApiKey();
    const record = await this.rootEm.fork().transactional(async (em) => {
      const created = await this.engine.createSession(em);
      const shopEm = forkForShop(em, shopId);
      const owner = shopEm.create(ServiceSession, {
        sessionKey: created.session.sessionKey,
        apiKeyHash: hashApiToken(apiKey),
        label: label ?? null,
      } as ServiceSession);
      await shopEm.flush();
      return owner;
    });
    return { record, apiKey, pairing: await this.engine.connect(record.sessionKey) };
  }

  byApiKey(apiKey: string): Promise<ServiceSession | null> {
    return this.rootEm
      .fork()
      .findOne(ServiceSession, { apiKeyHash: hashApiToken(apiKey) }, { filters: { tenant: false } });
  }

  byKey(sessionKey: string): Promise<ServiceSession | null> {
    return this.rootEm.fork().findOne(ServiceSession, { sessionKey }, { filters: { tenant: false } });
  }

  /** The owner record goes with the engine session, so the session's API key stops working at once. */
  async remove(record: ServiceSession): Promise<void> {
    await this.rootEm.fork().transactional(async (em) => {
      await this.engine.deleteSession(record.sessionKey, em);
      await forkForShop(em, record.shopId).nativeDelete(ServiceSession, { sessionKey: record.sessionKey });
    });
  }
}
