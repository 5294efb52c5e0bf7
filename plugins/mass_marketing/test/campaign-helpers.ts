import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { bootMarketing, caller, type MarketingKernelOptions } from './helpers.js';

/**
 * Campaign tests run the real engine in the background with a fast poll and pacing shortened by
 * the test-only scale: a 10 s interval lasts 10 ms × scale factor 0.001 = 10 ms.
 */
export const FAST_ENGINE = { pollMs: 20, testPacingScale: 0.001, staleSendingSeconds: 1 };

export function bootCampaigns(
  options: MarketingKernelOptions & { engine?: Record<string, unknown> } = {},
): Promise<TestKernel> {
  const { engine, config, ...rest } = options;
  return bootMarketing({ ...rest, config: { ...config, engine: { ...FAST_ENGINE, ...engine } } });
}

export type Caller = ReturnType<typeof caller>;

let nextPhone = 100_000;
/** Spanish mobile numbers nobody else in this test run uses. */
export const freshPhones = (n: number) =>
  Array.from({ length: n }, () => `+3461${String(nextPhone++).padStart(7, '0')}`);

/** A list with these phones (named Contact <i>). */
export async function listWith(c: Caller, phones: string[], name = `List ${nextPhone++}`): Promise<number> {
  const { list } = await c.ok('create_contact_list', { action: 'create', name });
  for (let i = 0; i < phones.length; i += 5000) {
    await c.ok('add_contacts_to_list', {
      action: 'add',
      list_id: list.id,
      contacts: phones.slice(i, i + 5000).map((phone, j) => ({ phone, name: `Contact ${i + j}` })),
    });
  }
  return list.id;
}

/** A connected line enabled for mass marketing. */
export async function marketingLine(k: TestKernel, token: string, phone?: string): Promise<any> {
  const line = await connectedLine(k, token, { force_new: true }, phone);
  await caller(k, token).ok('assign_marketing_session', {
    action: 'assign',
    session_id: line.id,
    enable_mass_marketing: true,
  });
  return line;
}

export async function campaignStatus(c: Caller, id: number): Promise<any> {
  return (await c.ok('get_campaign', { campaign_id: id })).campaign;
}

/** Waits until the campaign reaches `status` (the engine runs in the background). */
export async function untilStatus(c: Caller, id: number, status: string, timeoutMs = 15_000): Promise<any> {
  return waitFor(
    `campaign ${id} to be ${status}`,
    async () => {
      const campaign = await campaignStatus(c, id);
      return campaign.status === status && campaign;
    },
    timeoutMs,
  );
}

/** Every log line of a campaign (all pages). */
export async function allLogs(c: Caller, id: number, filter: Record<string, unknown> = {}): Promise<any[]> {
  const out: any[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await c.ok('get_campaign_logs', { campaign_id: id, ...filter, limit: 100, offset });
    out.push(...page.logs);
    if (!page.has_more) return out;
  }
}

export const expectInvalidState = (payload: any, current: string, allowed: string[]) => {
  expect(payload.current_status).to.equal(current);
  expect(payload.allowed).to.deep.equal(allowed);
  expect(payload.message).to.contain(current);
};

/** The messages the sandbox network carried to each phone from the shop's lines: the ground truth of what was sent. */
export async function sandboxOutbound(
  k: TestKernel,
  shopId: number,
): Promise<{ peer_phone: string; session_key: string; text: string | null; media: any; created_at: Date }[]> {
  return k.orm.em.getConnection().execute(
    `select m.peer_phone, m.session_key, m.text, m.media, m.created_at from sandbox_messages m
     where m.direction = 'outbound' and m.session_key in (select session_key from chatapp_sessions where shop_id = ?) order by m.id`,
    [shopId],
  );
}

/** How many messages each phone received. */
export const perPhone = (rows: { peer_phone: string }[]) =>
  rows.reduce((m, r) => m.set(r.peer_phone, (m.get(r.peer_phone) ?? 0) + 1), new Map<string, number>());
