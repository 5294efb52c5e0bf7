import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, caller, customerWrites, freshPhone, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';

/** The groups an automation test boots besides whatsapp_ops. */
export const AUTOMATION_GROUPS = [
  'customers',
  'conversations',
  'agents',
  'account',
  'tickets',
  'prompt',
  'knowledge',
  'automation',
];

export const bootAutomation = (groupConfigs: Record<string, Record<string, unknown>> = {}) =>
  bootOps({
    groups: AUTOMATION_GROUPS,
    groupConfigs: { automation: { worker: { pollMs: 50, leaseSeconds: 5 } }, ...groupConfigs },
    // http_request steps reach local HTTPS receivers signed with the tests' certificate.
    kernel: { network: { trustedCaPem: fakeCertificate().certPem } },
  });

export { caller, freshPhone };

/** A customer writes; resolves once the message is recorded (its listeners ran). */
export async function customerSays(k: TestKernel, token: string, sessionKey: string, phone: string, text: string) {
  const res = await customerWrites(k, token, sessionKey, phone, text);
  if (res.status !== 201) throw new Error(`inbound answered ${res.status} ${JSON.stringify(res.body)}`);
}

/** The messages automation sent a phone (billing source workflow or the step's), oldest first. */
export const sentTo = (k: TestKernel, phone: string) =>
  rows(
    k,
    `select id, text, idempotency_key, billing_source, automatic from chatapp_messages
     where phone = ? and direction = 'outbound' and idempotency_key like 'workflow-run-%' order by id`,
    [phone],
  );

/** Waits until automation has sent `n` messages to the phone; returns them. */
export const waitForSent = (k: TestKernel, phone: string, n: number) =>
  waitFor(`${n} automatic message(s) to ${phone}`, async () => {
    const sent = await sentTo(k, phone);
    return sent.length >= n && sent;
  });

/** The phone's runs, newest first. */
export const runsOf = (k: TestKernel, phone: string) =>
  rows(
    k,
    `select id, workflow_id, rule_id, status, reason, error_code, step_id from automation_runs where phone = ? order by id desc`,
    [phone],
  );

/** Waits until the phone's newest run is in one of the statuses. */
export const waitForRun = (k: TestKernel, phone: string, statuses: string[]) =>
  waitFor(`a run of ${phone} to be ${statuses.join(' or ')}`, async () => {
    const [run] = await runsOf(k, phone);
    return run && statuses.includes(run.status) && run;
  });

/** Lets the worker take runs now (a wait's time came, a question's deadline passed). */
export const wakeNow = (k: TestKernel, runId: number) =>
  rows(k, `update automation_runs set wake_at = now() - interval '1 second' where id = ?`, [runId]);
