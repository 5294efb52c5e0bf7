import { expect } from 'chai';
import type { ConfigOverrides } from '../../core/config/config-schema.js';
import { serviceProbe } from '../fixtures/fixture-groups.js';
import { bootKernel, type TestKernel } from './boot.js';
import { FAST_SANDBOX, uniqueEngineName } from './session-service-instance.js';
import { waitFor } from './wait-for.js';

export interface OpsKernelOptions {
  /** Groups besides whatsapp_ops (dependencies included). */
  groups?: string[];
  /** whatsapp_ops config on top of a fast sandbox engine of this file's own. */
  config?: Record<string, any>;
  /** Give two kernels the same name to make them two processes of one deployment. */
  engineName?: string;
  databaseUrl?: string;
  /** Enables the service probe fixture (service calls in a shop scope, recorded events). */
  probe?: boolean;
  /** Config of the other groups, by group name. */
  groupConfigs?: Record<string, Record<string, unknown>>;
  /** Kernel settings besides the groups (e.g. jobs: { enabled: false } for a kernel that listens). */
  kernel?: Omit<ConfigOverrides, 'groups'>;
}

/**
 * A kernel with whatsapp_ops on the run's database. Every kernel gets a sandbox engine name of its
 * own unless told otherwise: test files share the database, and an engine only touches its rows.
 */
export function bootOps(options: OpsKernelOptions = {}): Promise<TestKernel> {
  const { sandbox, ...config } = options.config ?? {};
  return bootKernel({
    groups: [...(options.groups ?? []), 'whatsapp_ops'],
    databaseUrl: options.databaseUrl,
    overrides: {
      ...options.kernel,
      groups: {
        whatsapp_ops: {
          enabled: true,
          config: {
            sandbox: { engineName: options.engineName ?? uniqueEngineName('ops'), ...FAST_SANDBOX, ...sandbox },
            ...config,
          },
        },
        ...(options.probe && { service_probe: serviceProbe }),
        ...Object.fromEntries(
          Object.entries(options.groupConfigs ?? {}).map(([group, config]) => [group, { enabled: true, config }]),
        ),
      },
    },
  });
}

/** Calls a tool and expects success; returns the payload. */
export async function ok(k: TestKernel, token: string, tool: string, args: Record<string, unknown> = {}): Promise<any> {
  const { payload } = await k.call(token, tool, args);
  expect(payload, `${tool} ${JSON.stringify(args)} → ${JSON.stringify(payload)}`).to.include({ success: true });
  return payload;
}

/** Calls a tool and expects the error code; returns the payload. */
export async function fails(
  k: TestKernel,
  token: string,
  tool: string,
  args: Record<string, unknown>,
  code: string,
): Promise<any> {
  const { payload, isError } = await k.call(token, tool, args);
  expect(payload, `${tool} ${JSON.stringify(args)} → ${JSON.stringify(payload)}`).to.include({
    success: false,
    error_code: code,
  });
  expect(isError).to.equal(true);
  return payload;
}

/** A shop's caller: ok and fails bound to its token. */
export function caller(k: TestKernel, token: string) {
  return {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, token, tool, args, code),
  };
}

let phones = 0;
/** A Spanish mobile number no other test of the run uses. */
export const freshPhone = () => `+346${`${Date.now()}${String(++phones).padStart(3, '0')}`.slice(-8)}`;

/** What a phone does when its camera reads the QR: opens the pairing link. */
export async function openPairingLink(k: TestKernel, pairingUrl: string, phone?: string) {
  const url = new URL(pairingUrl);
  const res = await k.app.inject({
    method: 'GET',
    url: `${url.pathname}${phone ? `?phone=${encodeURIComponent(phone)}` : ''}`,
    headers: { accept: 'application/json' },
  });
  return { status: res.statusCode, body: res.json() };
}

/** connect_chatapp, open the link, and wait until the session is recorded as connected. */
export async function connectedLine(
  k: TestKernel,
  token: string,
  args: Record<string, unknown> = {},
  phone?: string,
): Promise<any> {
  const connected = await ok(k, token, 'connect_chatapp', args);
  const paired = await openPairingLink(k, connected.pairing.pairing_url, phone);
  expect(paired.status, JSON.stringify(paired.body)).to.equal(200);
  return waitFor('the session to be recorded as connected', async () => {
    const { session } = await ok(k, token, 'get_chatapp_status', { session_id: connected.session.id });
    return session.status === 'connected' && session;
  });
}

/** A customer writes to the line (the sandbox's inbound route, as the shop that owns the session). */
export async function customerWrites(k: TestKernel, token: string, sessionKey: string, from: string, text: string) {
  const res = await k.app.inject({
    method: 'POST',
    url: `/sandbox/sessions/${sessionKey}/inbound`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify({ from, text }),
  });
  return { status: res.statusCode, body: res.json() };
}

/** Rows of a table, for checks the tools do not show (raw SQL: the shop condition is the caller's). */
export async function rows(k: TestKernel, sql: string, params: unknown[] = []): Promise<any[]> {
  return k.orm.em.getConnection().execute(sql, params);
}

export const balanceOf = async (k: TestKernel, shopId: number) =>
  Number((await rows(k, 'select credits_balance from shops where id = ?', [shopId]))[0].credits_balance);
