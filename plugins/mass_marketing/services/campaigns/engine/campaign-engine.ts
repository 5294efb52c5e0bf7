import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import {
  PollingLoop,
  ToolError,
  type EntityManager,
  type GroupMetrics,
  type Services,
  type SetupContext,
  type ToolContext,
} from '../../../../../core/index.js';
import { CAMPAIGN_SENDS } from '../../../operations/metrics.js';
import type { MassMarketingConfig } from '../../../config.js';
import { transactionClient } from '../../pg-client.js';
import type { SendOutcome } from './campaign-sender-service.js';
import {
  anythingToDo,
  claim,
  dueOccurrences,
  dueScheduled,
  ensurePacingRows,
  finishedRuns,
  holdSlots,
  markSent,
  markWaiting,
  renewClaims,
  sendableCampaigns,
  staleRows,
  takeSlot,
  type Claim,
  type SendableCampaign,
} from './engine-sql.js';

type EngineConfig = MassMarketingConfig['engine'];

export interface TickReport {
  started: number;
  occurrences: number;
  claimed: number;
  outcomes: Partial<Record<SendOutcome, number>>;
  reconciled: number;
  finished: number;
}

/** Outcomes after which a message may have gone to the network: the line's interval starts again. */
const REACHED_NETWORK = new Set<SendOutcome>(['sent', 'waiting', 'failed']);

/** This process, as recipients' claimed_by names it. */
const PROCESS = `${hostname()}:${process.pid}`.slice(0, 100);

/** Campaigns looked at per pass; the rest come next pass (oldest first). */
const CAMPAIGNS_PER_PASS = 200;
const HOUSEKEEPING_BATCH = 50;
/** Tries of a batch whose commit found its credits spent by another batch (see sendBatch). */
const COMMIT_ATTEMPTS = 3;
/** How many of the first loop's idle waits a helper loop waits when nothing woke it. */
const HELPER_IDLE_FACTOR = 10;

/**
 * The sending engine: one per server process, started when the server is ready, running
 * `workers` passes at once. Each pass starts scheduled campaigns and recurring occurrences that
 * are due, reconciles rows left in `sending`, claims due line slots with their recipients
 * (engine-sql.ts: row locks with SKIP LOCKED, committed before the channel is called), sends them
 * in batches through the shop's send path while holding the lines' pacing rows (the interval then
 * counts from the moment the messages left), and closes finished runs. All its state is in the
 * database, so any number of passes and processes share the work with the same guarantees: a
 * recipient is sent once (its key), a line's pacing holds everywhere (its pacing row), and a
 * process that dies leaves nothing the others do not finish. A pass that sent something is
 * followed at once by the next; an idle one waits pollMs.
 */
export class CampaignEngine {
  private readonly loops: PollingLoop[];
  /** When each sending campaign's lines were last checked (checkLines), by this process. */
  private readonly linesCheckedAt = new Map<number, number>();

  constructor(
    private readonly rootEm: EntityManager,
    private readonly withShop: SetupContext['withShop'],
    private readonly config: EngineConfig,
    private readonly log: FastifyBaseLogger,
    private readonly metrics: GroupMetrics,
  ) {
    // Several loops, so that one claims while another sends: lines keep coming due during a pass.
    // Only the first polls at pollMs; the others are woken by a pass that found work and otherwise
    // look only every HELPER_IDLE_FACTOR polls, so an idle server does not run every loop's five
    // queries twice a second (what an idle process allocated and spent its CPU on).
    this.loops = Array.from(
      { length: config.workers },
      (_, i) =>
        new PollingLoop(
          async () => {
            const report = await this.tick();
            const busy = report.claimed > 0 || report.reconciled > 0;
            if (busy) for (const loop of this.loops) loop.wake();
            return busy;
          },
          i === 0 ? config.pollMs : config.pollMs * HELPER_IDLE_FACTOR,
          (err) => log.error({ err }, 'mass_marketing campaign engine: pass failed'),
        ),
    );
  }

  start(): void {
    if (this.config.enabled) for (const loop of this.loops) loop.start();
  }

  /** Stops after the passes in progress; sends in flight finish (or roll back) first. */
  async stop(): Promise<void> {
    await Promise.all(this.loops.map((loop) => loop.stop()));
  }

  /** One pass. Public so tests and operators can drive the engine step by step. */
  async tick(): Promise<TickReport> {
    const report: TickReport = { started: 0, occurrences: 0, claimed: 0, outcomes: {}, reconciled: 0, finished: 0 };
    // A plain statement, not through read(): an idle engine asks it every poll, and a transaction
    // around it would triple its round trips.
    if (!(await anythingToDo(this.rootEm))) return report;
    for (const c of await this.read((client) => dueScheduled(client, HOUSEKEEPING_BATCH))) {
      if (await this.inShop(c.shop_id, (s) => s.marketingCampaignsService.startScheduled(c.id))) report.started++;
    }
    for (const c of await this.read((client) => dueOccurrences(client, HOUSEKEEPING_BATCH))) {
      if (await this.inShop(c.shop_id, (s) => s.marketingCampaignsService.startOccurrence(c.id))) report.occurrences++;
    }
    report.reconciled = await this.reconcile();
    const claims = await this.claimDue();
    report.claimed = claims.length;
    const queued = new Map(claims.map((c) => [c.recipientId, c]));
    const renewing = this.renewWhileQueued(queued);
    try {
      await this.sendClaimed(claims, queued, report);
    } finally {
      clearInterval(renewing);
    }
    for (const run of await this.read((client) => finishedRuns(client, HOUSEKEEPING_BATCH))) {
      if (await this.inShop(run.shop_id, (s) => s.marketingCampaignRunsService.finish(run.id))) report.finished++;
    }
    return report;
  }

  /**
   * The pass's claimed rows wait in its batches (concurrency at a time) for as long as the sends
   * before them take, which on a busy machine can pass the stale limit: their claims are renewed
   * every third of it until their batch takes them, so the reconciliation (one row at a time, for
   * rows a dead process left) does not send them again in its slow way. A process that dies stops
   * renewing, and its rows are reconciled as before.
   */
  private renewWhileQueued(queued: Map<number, Claim>): NodeJS.Timeout {
    let renewing = false;
    return setInterval(
      () => {
        if (renewing || queued.size === 0) return;
        renewing = true;
        renewClaims(this.rootEm, [...queued.values()], PROCESS)
          .catch((err: unknown) => this.log.error({ err }, 'mass_marketing campaign engine: renewing claims failed'))
          .finally(() => (renewing = false));
      },
      (this.config.staleSendingSeconds * 1000) / 3,
    );
  }

  /**
   * The claimed rows in send batches, each in its shop's transaction; a batch leaves `queued` as its
   * transaction starts (which locks its rows at once).
   */
  private async sendClaimed(claims: Claim[], queued: Map<number, Claim>, report: TickReport): Promise<void> {
    await this.pool(this.batches(claims), async (batch) => {
      const { shopId } = batch[0]!;
      if (batch[0]!.translate)
        await this.prepareTranslations(
          shopId,
          batch.map((c) => c.recipientId),
        );
      for (const c of batch) queued.delete(c.recipientId);
      const outcomes = await this.sendBatch(shopId, async (ctx) => {
        const client = await transactionClient(ctx.em);
        const held = await holdSlots(client, shopId, batch);
        const results = (await ctx.services.marketingCampaignSenderService.sendMany(
          held.map((c) => c.recipientId),
          'claimed',
        )) as SendOutcome[];
        await markSent(
          client,
          shopId,
          held.filter((_, i) => REACHED_NETWORK.has(results[i]!)).map((c) => c.sessionId),
        );
        return [...results, ...Array<SendOutcome>(batch.length - held.length).fill('requeued')];
      });
      // After the batch committed: a rolled-back batch sent nothing that counts.
      for (const outcome of outcomes) {
        report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
        this.metrics.count(CAMPAIGN_SENDS, { outcome });
      }
    });
  }

  /**
   * A batch's transaction. The credits are taken at its commit (CreditsService.debitAtCommit): when
   * another batch of the shop spent them meanwhile, the commit refuses and nothing of this one stays,
   * so it goes again at once and this time finds out which of its sends the credits still cover.
   */
  private async sendBatch(shopId: number, work: (ctx: ToolContext) => Promise<SendOutcome[]>): Promise<SendOutcome[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.withShop(shopId, work, { transactional: true });
      } catch (err) {
        if (!(err instanceof ToolError && err.code === 'insufficient_credits') || attempt === COMMIT_ATTEMPTS)
          throw err;
      }
    }
  }

  private async claimDue(): Promise<Claim[]> {
    const claims: Claim[] = [];
    const campaigns = await this.read((client) => sendableCampaigns(client, CAMPAIGNS_PER_PASS));
    const sendable = new Set(campaigns.map((c) => c.id));
    for (const id of this.linesCheckedAt.keys()) if (!sendable.has(id)) this.linesCheckedAt.delete(id);
    for (const c of campaigns) {
      const checkedAt = this.linesCheckedAt.get(c.id);
      const recheckMs = c.send_interval_seconds * this.config.testPacingScale * 1000;
      if ((checkedAt === undefined || Date.now() - checkedAt >= recheckMs) && !(await this.checkLines(c))) continue;
      const claimed = await this.read((client) =>
        claim(client, c, this.config.claimBatch, this.config.testPacingScale, PROCESS),
      );
      // No line due: one may have gone (the campaign then waits) or come; the next pass looks again.
      if (claimed.length === 0) this.linesCheckedAt.delete(c.id);
      claims.push(...claimed);
    }
    return claims;
  }

  /**
   * Every usable line of the campaign gets its pacing row; with none usable the campaign waits.
   * A scan of all the shop's lines (62 ms with 40,000), so a busy campaign's passes do it once per
   * send interval (a line connected mid-run joins within one), and at once after a pass that found
   * no line due.
   */
  private async checkLines(c: SendableCampaign): Promise<boolean> {
    const usable = await this.read((client) => ensurePacingRows(client, c));
    if (usable === 0) {
      this.linesCheckedAt.delete(c.id);
      await this.read((client) => markWaiting(client, c, 'session_not_connected'));
      return false;
    }
    this.linesCheckedAt.set(c.id, Date.now());
    return true;
  }

  /**
   * Rows left in sending past the stale limit are sent again with their own key, on their own line,
   * once that line's slot is due: the send path answers with the message the key already made, or
   * sends it now if it never left. Either way the recipient gets exactly one.
   */
  private async reconcile(): Promise<number> {
    const stale = this.config.staleSendingSeconds;
    let done = 0;
    for (const row of await this.read((client) => staleRows(client, stale, HOUSEKEEPING_BATCH))) {
      await this.prepareTranslations(row.shopId, [row.id]);
      const outcome = await this.withShop(
        row.shopId,
        async (ctx) => {
          const client = await transactionClient(ctx.em);
          const locked = await client.query(
            `select 1 from marketing_campaign_recipients where id = $1 and shop_id = $2 and status = 'sending' for update skip locked`,
            [row.id, row.shopId],
          );
          if (locked.rows.length === 0) return 'gone';
          if (!(await takeSlot(client, row.shopId, row.sessionId, row.intervalSeconds * this.config.testPacingScale)))
            return 'gone';
          await client.query(
            'update marketing_campaign_recipients set claimed_by = $1 where id = $2 and shop_id = $3',
            [PROCESS, row.id, row.shopId],
          );
          const result = (await ctx.services.marketingCampaignSenderService.send(
            row.id,
            'reconcile',
            stale,
          )) as SendOutcome;
          if (REACHED_NETWORK.has(result)) await markSent(client, row.shopId, [row.sessionId]);
          return result;
        },
        { transactional: true },
      );
      if (outcome !== 'gone') done++;
    }
    return done;
  }

  /** A translation is a model call: made before the send's transaction, which only reads it. */
  private prepareTranslations(shopId: number, recipientIds: number[]): Promise<void> {
    return this.withShop(shopId, (ctx) => ctx.services.marketingTranslationService.prepare(recipientIds));
  }

  private inShop<T>(shopId: number, work: (services: Services) => Promise<T>): Promise<T> {
    return this.withShop(shopId, (ctx) => work(ctx.services), { transactional: true });
  }

  /** Engine SQL outside any shop, on a short transaction of its own. */
  private read<T>(work: (client: Awaited<ReturnType<typeof transactionClient>>) => Promise<T>): Promise<T> {
    return this.rootEm.fork().transactional(async (em) => work(await transactionClient(em)));
  }

  /** Claims in send batches: one campaign (so one shop and one interval) per batch, at most sendBatch rows. */
  private batches(claims: Claim[]): Claim[][] {
    const byCampaign = new Map<number, Claim[]>();
    for (const c of claims) {
      const list = byCampaign.get(c.campaignId);
      if (list) list.push(c);
      else byCampaign.set(c.campaignId, [c]);
    }
    return [...byCampaign.values()].flatMap((list) =>
      Array.from({ length: Math.ceil(list.length / this.config.sendBatch) }, (_, i) =>
        list.slice(i * this.config.sendBatch, (i + 1) * this.config.sendBatch),
      ),
    );
  }

  /** Runs `work` over `items`, at most `concurrency` at a time; a failure is logged and its rows left to reconciliation. */
  private async pool<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < items.length) {
        const item = items[next++]!;
        try {
          await work(item);
        } catch (err) {
          this.log.error({ err }, 'mass_marketing campaign engine: a send failed; its rows are reconciled later');
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.config.concurrency, items.length) }, lane));
  }
}
