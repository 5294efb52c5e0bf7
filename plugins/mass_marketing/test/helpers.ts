import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { FAST_SANDBOX, uniqueEngineName } from '../../../test/helpers/session-service-instance.js';

export const marketingTranslator = {
  enabled: true,
  resolve: fileURLToPath(new URL('./fixtures/marketing-translator/index.ts', import.meta.url)),
};

export interface MarketingKernelOptions {
  groups?: string[];
  config?: Record<string, unknown>;
  probe?: boolean;
  /** Enables a fixture group that provides the translator port. */
  translator?: boolean;
  /** The server's public base URL (links it hands out, such as stored files' as campaign media). */
  publicBaseUrl?: string;
  /** More of the server's settings (network, …), at the top level of the configuration. */
  server?: Record<string, unknown>;
}

/** mass_marketing with its dependencies, a sandbox engine of this file's own, and a fast import worker. */
export function bootMarketing(options: MarketingKernelOptions = {}): Promise<TestKernel> {
  return bootKernel({
    groups: [...(options.groups ?? []), 'customers', 'whatsapp_ops', 'mass_marketing'],
    overrides: {
      ...options.server,
      ...(options.publicBaseUrl && { server: { publicBaseUrl: options.publicBaseUrl } }),
      groups: {
        whatsapp_ops: { enabled: true, config: { sandbox: { engineName: uniqueEngineName('mm'), ...FAST_SANDBOX } } },
        mass_marketing: { enabled: true, config: { importWorker: { pollMs: 25 }, ...options.config } },
        ...(options.probe && { service_probe: serviceProbe }),
        ...(options.translator && { marketing_translator: marketingTranslator }),
      },
    },
  });
}

export function caller(k: TestKernel, token: string) {
  const call = async (tool: string, args: Record<string, unknown> = {}) => (await k.call(token, tool, args)).payload;
  const ok = async (tool: string, args: Record<string, unknown> = {}) => {
    const p = await call(tool, args);
    expect(p, `${tool} ${JSON.stringify(args).slice(0, 300)} → ${JSON.stringify(p).slice(0, 2000)}`).to.include({
      success: true,
    });
    return p;
  };
  const fails = async (tool: string, args: Record<string, unknown>, code: string, path?: string) => {
    const { payload, isError } = await k.call(token, tool, args);
    expect(payload, `${tool} → ${JSON.stringify(payload).slice(0, 2000)}`).to.include({
      success: false,
      error_code: code,
    });
    expect(isError).to.equal(true);
    if (path)
      expect(
        payload.errors.map((e: any) => e.path),
        JSON.stringify(payload.errors),
      ).to.include(path);
    return payload;
  };
  return { call, ok, fails };
}

/** Polls get_import_status until the import is completed or failed. */
export async function settled(
  call: (tool: string, args?: Record<string, unknown>) => Promise<any>,
  importId: number,
  timeoutMs = 30_000,
): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const p = await call('get_import_status', { import_id: importId, limit: 100 });
    if (p.import && ['completed', 'failed'].includes(p.import.status)) return p;
    if (Date.now() > until) throw new Error(`import ${importId} did not settle: ${JSON.stringify(p)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
