import { randomBytes, createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { SecretBox } from '../secrets/secret-box.js';
import type { ConfirmationPolicy } from '../plugin/plugin-types.js';
import { PendingConfirmation } from './pending-confirmation.entity.js';
import { canonicalHash, confirmableArgs } from './canonical-hash.js';

export interface IssuedConfirmation {
  token: string;
  expiresAt: Date;
  invalidatedPrevious: number;
}

export const hashConfirmationToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Pending confirmations: issued by a first call, consumed exactly once by a confirmed call or an
 * approval. Consumption is a conditional UPDATE inside the caller's transaction, so two
 * concurrent confirmations cannot both win and a failed execution leaves the token usable.
 */
export class ConfirmationService {
  constructor(
    private readonly secrets: SecretBox,
    private readonly ttlSeconds: number,
  ) {}

  /**
   * `em` is shop-scoped. The new confirmation replaces earlier live ones: for user-confirmed
   * tools every earlier call of the tool; for agent-confirmed tools earlier calls with the same
   * arguments, so that repeated first calls cannot add up to more than one execution.
   */
  async issue(
    em: EntityManager,
    tool: string,
    policy: Exclude<ConfirmationPolicy, 'none'>,
    args: Record<string, unknown>,
    summary: string,
  ): Promise<IssuedConfirmation> {
    const argsHash = canonicalHash(args);
    const superseded = {
      tool,
      status: 'pending' as const,
      expiresAt: { $gt: new Date() },
      ...(policy === 'agent' && { argsHash }),
    };
    const invalidatedPrevious = await em.nativeUpdate(PendingConfirmation, superseded, {
      status: 'invalidated',
      resolvedAt: new Date(),
    });
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + this.ttlSeconds * 1000);
    em.create(PendingConfirmation, {
      tokenHash: hashConfirmationToken(token),
      tool,
      argsHash,
      argsSealed: this.secrets.seal(JSON.stringify(confirmableArgs(args))),
      policy,
      summary,
      expiresAt,
    } as PendingConfirmation);
    await em.flush();
    return { token, expiresAt, invalidatedPrevious };
  }

  /**
   * Marks the matching pending confirmation used and returns its id, or null when there is none:
   * same shop (the em's scope), same tool, same canonical arguments, still pending and unexpired.
   * Without a token, only one issued before the call arrived (`arrivedAt`) counts: a confirmation
   * issued meanwhile answers another call, and this caller cannot have read its summary.
   */
  async consumeForCall(
    em: EntityManager,
    tool: string,
    args: Record<string, unknown>,
    token: string | undefined,
    arrivedAt: Date,
  ): Promise<number | null> {
    const where = {
      tool,
      argsHash: canonicalHash(args),
      policy: 'agent' as const,
      status: 'pending' as const,
      expiresAt: { $gt: new Date() },
      ...(token !== undefined ? { tokenHash: hashConfirmationToken(token) } : { createdAt: { $lte: arrivedAt } }),
    };
    const candidate = await em.findOne(PendingConfirmation, where, { orderBy: { id: 'desc' }, fields: ['id'] });
    if (!candidate) return null;
    return (await this.claim(em, candidate.id)) ? candidate.id : null;
  }

  /** For the confirmation page: the pending row behind a raw token, whatever its shop. */
  async findByToken(rootEm: EntityManager, token: string): Promise<PendingConfirmation | null> {
    return rootEm.fork().findOne(PendingConfirmation, { tokenHash: hashConfirmationToken(token) }, { filters: false });
  }

  openArgs(row: PendingConfirmation): Record<string, unknown> {
    return JSON.parse(this.secrets.open(row.argsSealed));
  }

  /** Moves a pending, unexpired row to executed; false when someone else got there first. */
  async claim(em: EntityManager, id: number): Promise<boolean> {
    const changed = await em.nativeUpdate(
      PendingConfirmation,
      { id, status: 'pending', expiresAt: { $gt: new Date() } },
      { status: 'executed', resolvedAt: new Date() },
    );
    return changed === 1;
  }

  async recordResult(em: EntityManager, id: number, result: Record<string, unknown>): Promise<void> {
    await em.nativeUpdate(PendingConfirmation, { id }, { result });
  }

  async reject(em: EntityManager, id: number): Promise<boolean> {
    const changed = await em.nativeUpdate(
      PendingConfirmation,
      { id, status: 'pending' },
      { status: 'rejected', resolvedAt: new Date() },
    );
    return changed === 1;
  }
}
