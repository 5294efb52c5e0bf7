import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { PollingLoop, sql, type EntityManager, type SetupContext } from '../../../../core/index.js';
import type { MassMarketingConfig } from '../../config.js';
import type { PipelineCounts } from './import-pipeline.js';
import type { MarketingContactImportsService } from './contact-imports-service.js';

/** A job that added this many members is followed by VACUUM (ANALYZE) of the member table. */
const VACUUM_AFTER_ADDED = 50_000;

interface Claim {
  id: number;
  shop_id: number;
}

/**
 * Runs queued imports. Each server process has one worker, which takes one import at a time:
 * it claims the oldest queued import (or a running one whose lease expired: its worker died) with
 * `FOR UPDATE SKIP LOCKED`, runs it in the shop's unit of work, and renews the lease with every
 * progress report. Several processes share the queue without running an import twice: the final
 * write checks the lease. An import interrupted `maxAttempts` times is marked failed.
 *
 * Progress is written on a connection of its own while the import's transaction is open. The
 * embedded engine serialises connections, so there the import reports only its start and end.
 */
export class ImportWorker {
  readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly abort = new AbortController();
  private embedded: boolean | undefined;
  private readonly loop: PollingLoop;

  constructor(
    private readonly rootEm: EntityManager,
    private readonly withShop: SetupContext['withShop'],
    private readonly config: MassMarketingConfig['importWorker'],
    private readonly log: FastifyBaseLogger,
  ) {
    this.loop = new PollingLoop(
      async () => (await this.drain()) > 0,
      config.pollMs,
      (err) => log.error({ err }, 'mass_marketing import worker: claim failed'),
    );
  }

  start(): void {
    if (this.config.enabled) this.loop.start();
  }

  /** Stops claiming; an import in progress is abandoned (its transaction rolls back) and queued again. */
  async stop(): Promise<void> {
    if (!this.loop.running) return;
    // stop() ends the loop's running state at once, so nothing new is claimed after the abort.
    const stopped = this.loop.stop();
    this.abort.abort();
    await stopped;
  }

  /** Claims and runs queued imports until none is left. Returns how many ran. */
  async drain(): Promise<number> {
    let ran = 0;
    for (let claim = await this.claim(); claim; claim = await this.claim()) {
      await this.execute(claim);
      ran++;
    }
    return ran;
  }

  /**
   * One statement, as an idle worker runs it every poll: imports whose lease ran out too often are
   * failed, and the oldest queued (or lapsed) one is claimed. The two touch different rows.
   */
  private async claim(): Promise<Claim | null> {
    if (!this.loop.running && this.loop.started) return null;
    const [claimed] = await sql<Claim>(
      this.rootEm,
      `with failed as (
         update marketing_imports set status = 'failed', error = 'interrupted too many times', lease_owner = null, finished_at = now(), updated_at = now()
         where status = 'running' and lease_until < now() and attempts >= $3)
       update marketing_imports set status = 'running', attempts = attempts + 1, lease_owner = $1, lease_until = now() + make_interval(secs => $2),
         started_at = coalesce(started_at, now()), updated_at = now()
       where id = (select id from marketing_imports
                   where status = 'queued' or (status = 'running' and lease_until < now() and attempts < $3)
                   order by id limit 1 for update skip locked)
       returning id, shop_id`,
      [this.owner, this.config.leaseSeconds, this.config.maxAttempts],
    );
    return claimed ?? null;
  }

  private async execute(claim: Claim): Promise<void> {
    const onProgress = (await this.isEmbedded())
      ? undefined
      : (counts: PipelineCounts) => this.progress(claim.id, counts);
    try {
      const counts = await this.withShop(
        claim.shop_id,
        (ctx) =>
          (ctx.services.marketingContactImportsService as MarketingContactImportsService).runJob(claim.id, this.owner, {
            signal: this.abort.signal,
            onProgress,
          }),
        { transactional: true },
      );
      if (counts && counts.added >= VACUUM_AFTER_ADDED) await this.vacuumMembers();
    } catch (err) {
      const conn = this.rootEm.getConnection();
      if (this.abort.signal.aborted) {
        await conn.execute(
          `update marketing_imports set status = 'queued', attempts = attempts - 1, lease_owner = null, lease_until = null, updated_at = now() where id = ? and lease_owner = ?`,
          [claim.id, this.owner],
        );
        return;
      }
      this.log.error({ err, importId: claim.id, shopId: claim.shop_id }, 'mass_marketing import failed');
      await conn.execute(
        `update marketing_imports set status = 'failed', error = ?, lease_owner = null, lease_until = null, finished_at = now(), updated_at = now() where id = ? and lease_owner = ?`,
        [publicError(err), claim.id, this.owner],
      );
    }
  }

  /**
   * Fresh statistics for the planner, and the visibility map that lets counts read the members'
   * indexes alone, right after a bulk import rather than whenever autovacuum comes by. The import
   * has committed: a failure here is only logged.
   */
  private async vacuumMembers(): Promise<void> {
    try {
      await this.rootEm.getConnection().execute('vacuum (analyze) marketing_list_members');
    } catch (err) {
      this.log.warn({ err }, 'mass_marketing import worker: vacuum of marketing_list_members failed');
    }
  }

  private async progress(importId: number, c: PipelineCounts): Promise<void> {
    await this.rootEm.getConnection().execute(
      `update marketing_imports set processed_rows = ?, added_count = ?, duplicate_count = ?, invalid_count = ?,
         lease_until = now() + make_interval(secs => ?), updated_at = now()
       where id = ? and lease_owner = ?`,
      [c.received, c.added, c.duplicates, c.invalid, this.config.leaseSeconds, importId, this.owner],
    );
  }

  private async isEmbedded(): Promise<boolean> {
    if (this.embedded === undefined) {
      const [row] = (await this.rootEm.getConnection().execute('select version() as version')) as { version: string }[];
      this.embedded = row!.version.includes('PGlite');
    }
    return this.embedded;
  }
}

/** What an import's record says about its failure: a tool error's message, else a generic line (the cause is logged). */
function publicError(err: unknown): string {
  const e = err as { name?: string; message?: string };
  return e?.name === 'ToolError'
    ? String(e.message)
    : 'the import failed; the list was left as it was (see the server log)';
}
