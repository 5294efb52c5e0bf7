import type { ClientBase } from 'pg';
import { sql, type EntityManager } from '../../../../../core/index.js';

/** A campaign with recipients waiting, as the engine reads it (no shop scope: raw SQL, every table constrained by shop_id). */
export interface SendableCampaign {
  id: number;
  shop_id: number;
  send_interval_seconds: number;
  session_ids: number[] | null;
  /** Its sends need translations made first: translate_by_prefix, or the shop's translated auto-reply. */
  translate: boolean;
}

export interface Claim {
  recipientId: number;
  sessionId: number;
  shopId: number;
  campaignId: number;
  intervalSeconds: number;
  translate: boolean;
}

/** The lines a campaign may use: those named, else every line enabled for mass marketing; connected ones only. */
const LINE_FILTER = `s.status = 'connected'
  and (case when $2::jsonb is null then s.mass_marketing_enabled else s.id in (select jsonb_array_elements_text($2::jsonb)::int) end)`;
const USABLE_LINE = `s.shop_id = $1 and ${LINE_FILTER}`;

/** Running campaigns with a recipient pending, oldest first. */
export async function sendableCampaigns(client: ClientBase, limit: number): Promise<SendableCampaign[]> {
  const { rows } = await client.query<SendableCampaign>(
    `select c.id, c.shop_id, c.send_interval_seconds, c.session_ids,
       c.translate_by_prefix or exists (select 1 from marketing_settings s where s.shop_id = c.shop_id and s.auto_reply_enabled and s.auto_reply_translate) as translate
     from marketing_campaigns c
     where c.status = 'running' and exists (select 1 from marketing_campaign_recipients r where r.campaign_id = c.id and r.status = 'pending')
     order by c.id limit $1`,
    [limit],
  );
  return rows;
}

/**
 * Every usable line gets its pacing row (its slot state) before anyone tries to take a slot on it.
 * Only lines without one are inserted: an insert attempt per line and pass cost 124 ms a pass with
 * 40,000 lines, the anti-join that finds none missing 47 ms.
 */
export async function ensurePacingRows(client: ClientBase, c: SendableCampaign): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `with usable as (select s.id, s.shop_id from chatapp_sessions_view s where ${USABLE_LINE}),
     added as (insert into marketing_session_pacing (session_id, shop_id, last_send_at)
       select u.id, u.shop_id, null from usable u where not exists (select 1 from marketing_session_pacing p where p.session_id = u.id)
       on conflict (session_id) do nothing)
     select count(*)::int as n from usable`,
    [c.shop_id, sessionIdsParam(c)],
  );
  return rows[0]!.n;
}

/**
 * One claim, in the caller's transaction: up to `max` lines of the campaign whose slot is due
 * (their last campaign send is at least the interval ago), least recently used first — round
 * robin — locked with SKIP LOCKED so concurrent processes take different lines; as many pending
 * recipients, locked the same way; each recipient marked sending on its line and each line's
 * slot taken, all in one commit. The campaign row is share-locked so a pause or a cancel
 * committed first is seen.
 */
export async function claim(
  client: ClientBase,
  c: SendableCampaign,
  max: number,
  intervalScale: number,
  claimedBy: string,
): Promise<Claim[]> {
  const status = await client.query<{ status: string }>(
    'select status from marketing_campaigns where id = $1 and shop_id = $2 for share',
    [c.id, c.shop_id],
  );
  if (status.rows[0]?.status !== 'running') return [];
  const lines = await client.query<{ session_id: number }>(
    `select p.session_id from marketing_session_pacing p join chatapp_sessions_view s on s.id = p.session_id and s.shop_id = p.shop_id
     where p.shop_id = $1 and ${LINE_FILTER}
       and (p.last_send_at is null or p.last_send_at <= now() - make_interval(secs => $3))
     order by p.last_send_at asc nulls first, p.session_id
     limit $4 for update of p skip locked`,
    [c.shop_id, sessionIdsParam(c), c.send_interval_seconds * intervalScale, max],
  );
  if (lines.rows.length === 0) return [];
  const recipients = await client.query<{ id: string }>(
    `select id from marketing_campaign_recipients where campaign_id = $1 and shop_id = $2 and status = 'pending' order by id limit $3 for update skip locked`,
    [c.id, c.shop_id, lines.rows.length],
  );
  if (recipients.rows.length === 0) return [];
  const pairs = recipients.rows.map((r, i) => ({ recipientId: Number(r.id), sessionId: lines.rows[i]!.session_id }));
  // The keys as `= any(…)` too (here and in holdSlots): joined to an unnest alone, the planner read
  // every row of the shop's table to find them.
  await client.query(
    `update marketing_campaign_recipients r set status = 'sending', session_id = v.session_id, claimed_at = now(), claimed_by = $4, attempts = r.attempts + 1, reason = null
     from (select unnest($1::bigint[]) as id, unnest($2::int[]) as session_id) v
     where r.id = any($1::bigint[]) and r.id = v.id and r.shop_id = $3`,
    [pairs.map((p) => p.recipientId), pairs.map((p) => p.sessionId), c.shop_id, claimedBy],
  );
  await client.query(
    'update marketing_session_pacing set last_send_at = now() where session_id = any($1::int[]) and shop_id = $2',
    [pairs.map((p) => p.sessionId), c.shop_id],
  );
  await client.query(
    'update marketing_campaigns set waiting_reason = null, waiting_since = null where id = $1 and shop_id = $2 and waiting_reason is not null',
    [c.id, c.shop_id],
  );
  return pairs.map((p) => ({
    ...p,
    shopId: c.shop_id,
    campaignId: c.id,
    intervalSeconds: c.send_interval_seconds * intervalScale,
    translate: c.translate,
  }));
}

/**
 * Claimed rows this process still has queued to send keep their claim: claimed_at moves to now, so
 * the stale-row reconciliation (which takes rows past staleSendingSeconds) leaves them to it. Only
 * rows still `sending` under this process's name; one statement for every shop's. The line's slot
 * the claim reserved (last_send_at = claimed_at, which holdSlots checks) moves with it, so the
 * line's next send is never closer than its interval. Rows or lines locked right now (a batch
 * taking them) are skipped rather than waited for: no lock order to get wrong, and a row its
 * batch has taken needs no renewal.
 */
export async function renewClaims(
  em: EntityManager,
  rows: { recipientId: number; shopId: number }[],
  claimedBy: string,
): Promise<void> {
  if (rows.length === 0) return;
  await sql(
    em,
    `with held as (
       select r.id, r.shop_id, r.session_id, r.claimed_at from unnest($1::bigint[], $2::int[]) as v(id, shop_id)
       join marketing_campaign_recipients r on r.id = v.id and r.shop_id = v.shop_id
       join marketing_session_pacing p on p.session_id = r.session_id and p.shop_id = r.shop_id
       where r.status = 'sending' and r.claimed_by = $3
       for update of r, p skip locked),
     slots as (
       update marketing_session_pacing p set last_send_at = now() from held
       where p.session_id = held.session_id and p.shop_id = held.shop_id and p.last_send_at = held.claimed_at)
     update marketing_campaign_recipients r set claimed_at = now() from held where r.id = held.id and r.shop_id = held.shop_id`,
    [rows.map((r) => r.recipientId), rows.map((r) => r.shopId), claimedBy],
  );
}

/** The campaign waits, visibly, while none of its lines is connected. */
export async function markWaiting(client: ClientBase, c: SendableCampaign, reason: string): Promise<void> {
  await client.query(
    `update marketing_campaigns set waiting_reason = $1, waiting_since = coalesce(waiting_since, now()) where id = $2 and shop_id = $3 and status = 'running'`,
    [reason, c.id, c.shop_id],
  );
}

/**
 * A line's slot for a resend of a reconciled row: taken (and held, locked, for the send) only when
 * due, like any send, so a reconciliation never squeezes a message in closer than the interval.
 */
export async function takeSlot(
  client: ClientBase,
  shopId: number,
  sessionId: number,
  intervalSeconds: number,
): Promise<boolean> {
  // The row's line may no longer be one its campaign would pick (disabled for marketing since): it still needs a slot.
  await client.query(
    'insert into marketing_session_pacing (session_id, shop_id, last_send_at) values ($1, $2, null) on conflict (session_id) do nothing',
    [sessionId, shopId],
  );
  const { rows } = await client.query(
    `update marketing_session_pacing set last_send_at = now()
     where session_id = (select session_id from marketing_session_pacing where session_id = $1 and shop_id = $2
       and (last_send_at is null or last_send_at <= now() - make_interval(secs => $3)) for update skip locked)
     returning session_id`,
    [sessionId, shopId, intervalSeconds],
  );
  return rows.length > 0;
}

/**
 * The lines' pacing rows, locked for the send of a batch of claimed rows (in the send's
 * transaction). A claim reserved each slot (last_send_at = the row's claimed_at); a line another
 * send took since — its process reached the network first, the interval not over yet — is not
 * sent on now: its row goes back to the queue as it was before the claim (nothing of it left).
 * Returns the claims to send.
 */
export async function holdSlots(client: ClientBase, shopId: number, claims: Claim[]): Promise<Claim[]> {
  if (claims.length === 0) return [];
  // Each key looked up on its own primary key, the recipients first (in line order, so the lines
  // are locked in one order everywhere) and each line's row locked beside its recipient. Joined as
  // two filtered tables instead, the plan rested on the tables' statistics: right after a list's
  // import the planner took the shop's index for a few rows, and the statement read the shop's
  // whole recipient table once per line (seconds a batch, until the next analyze).
  const { rows } = await client.query<{ id: string; free: boolean }>(
    `with r as materialized (
       select id, shop_id, session_id, claimed_at from marketing_campaign_recipients where id = any($2::bigint[]) order by session_id)
     select r.id, (p.last_send_at is not distinct from r.claimed_at or p.last_send_at <= clock_timestamp() - make_interval(secs => $3)) as free
     from r cross join lateral (
       select last_send_at from marketing_session_pacing p where p.session_id = r.session_id and p.shop_id = $1 for update) p
     where r.shop_id = $1 and r.session_id = any($4::int[])`,
    [shopId, claims.map((c) => c.recipientId), claims[0]!.intervalSeconds, claims.map((c) => c.sessionId)],
  );
  const free = new Set(rows.filter((r) => r.free).map((r) => Number(r.id)));
  const taken = claims.filter((c) => !free.has(c.recipientId)).map((c) => c.recipientId);
  if (taken.length > 0) {
    await client.query(
      // The claim is given back whole: no attempt was made, so its count and reason go too.
      `update marketing_campaign_recipients set status = 'pending', session_id = null, claimed_at = null, attempts = attempts - 1, reason = null
       where shop_id = $1 and id = any($2::bigint[]) and status = 'sending'`,
      [shopId, taken],
    );
  }
  return claims.filter((c) => free.has(c.recipientId));
}

/** After messages went to the network: each line's interval counts from now, the moment they left. */
export async function markSent(client: ClientBase, shopId: number, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await client.query(
    'update marketing_session_pacing set last_send_at = clock_timestamp() where session_id = any($1::int[]) and shop_id = $2',
    [sessionIds, shopId],
  );
}

/** Rows left in sending past the stale limit, on runs still open. */
export async function staleRows(client: ClientBase, staleSeconds: number, limit: number) {
  const { rows } = await client.query<{
    id: string;
    shop_id: number;
    session_id: number;
    send_interval_seconds: number;
  }>(
    `select r.id, r.shop_id, r.session_id, c.send_interval_seconds from marketing_campaign_recipients r
     join marketing_campaigns c on c.id = r.campaign_id and c.shop_id = r.shop_id
     where r.campaign_id in (select campaign_id from marketing_campaign_runs where status = 'sending')
       and r.status = 'sending' and r.claimed_at < now() - make_interval(secs => $1)
     order by r.id limit $2`,
    [staleSeconds, limit],
  );
  return rows.map((r) => ({
    id: Number(r.id),
    shopId: r.shop_id,
    sessionId: r.session_id,
    intervalSeconds: r.send_interval_seconds,
  }));
}

/**
 * Runs with nothing left to do: no recipient sending, and none pending unless the campaign was
 * cancelled (a row put back in the queue while the cancel committed is skipped when the run closes).
 */
export async function finishedRuns(client: ClientBase, limit: number) {
  const { rows } = await client.query<{ id: number; shop_id: number }>(
    `select r.id, r.shop_id from marketing_campaign_runs r join marketing_campaigns c on c.id = r.campaign_id and c.shop_id = r.shop_id
     where r.status = 'sending'
       and not exists (select 1 from marketing_campaign_recipients x where x.campaign_id = r.campaign_id and x.run_id = r.id
         and (x.status = 'sending' or (x.status = 'pending' and c.status <> 'cancelled')))
     order by r.id limit $1`,
    [limit],
  );
  return rows;
}

/**
 * Whether a pass may find anything: a scheduled campaign due, a running one (recipients to send,
 * an occurrence to start) or an open run (rows to reconcile, a run to close). Every query of a
 * pass looks only there, so an idle server asks this one instead of the pass's five.
 */
export async function anythingToDo(em: EntityManager): Promise<boolean> {
  const rows = await sql<{ busy: boolean }>(
    em,
    `select exists (select 1 from marketing_campaigns where status = 'scheduled' and scheduled_at <= now())
         or exists (select 1 from marketing_campaigns where status = 'running')
         or exists (select 1 from marketing_campaign_runs where status = 'sending') busy`,
  );
  return rows[0]!.busy;
}

/** Scheduled campaigns whose time has come. */
export async function dueScheduled(client: ClientBase, limit: number) {
  const { rows } = await client.query<{ id: number; shop_id: number }>(
    `select id, shop_id from marketing_campaigns where status = 'scheduled' and scheduled_at <= now() order by scheduled_at limit $1`,
    [limit],
  );
  return rows;
}

/** Running recurring campaigns whose next occurrence has come. */
export async function dueOccurrences(client: ClientBase, limit: number) {
  const { rows } = await client.query<{ id: number; shop_id: number }>(
    `select id, shop_id from marketing_campaigns where status = 'running' and is_recurring and next_run_at <= now() order by next_run_at limit $1`,
    [limit],
  );
  return rows;
}

const sessionIdsParam = (c: SendableCampaign) => (c.session_ids === null ? null : JSON.stringify(c.session_ids));
