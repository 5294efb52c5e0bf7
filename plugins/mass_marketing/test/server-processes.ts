import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from '../../../test/helpers/server-process.js';
import { bootKernel, TEST_KERNEL_SECRET, type TestKernel } from '../../../test/helpers/boot.js';
import { FAST_SANDBOX } from '../../../test/helpers/session-service-instance.js';

/** What every server process of one test shares: the database, the sandbox engine, the secret and the public address. */
export interface Deployment {
  databaseUrl: string;
  engineName: string;
  configFile: string;
  secret: string;
  publicBaseUrl: string;
}

export const GROUPS = ['customers', 'whatsapp_ops', 'mass_marketing'];

/**
 * The deployment's config file: the groups with the fast sandbox, and the campaign engine with
 * pacing shortened by the test-only scale and a short stale limit, so a killed process's rows are
 * reconciled within seconds.
 */
export async function deployment(
  databaseUrl: string,
  name: string,
  engine: Record<string, unknown>,
): Promise<Deployment> {
  const engineName = `${name}-${process.pid}`;
  const configFile = join(tmpdir(), `sb-${engineName}.json`);
  await writeFile(
    configFile,
    JSON.stringify({
      groups: {
        whatsapp_ops: { enabled: true, config: { sandbox: { engineName, ...FAST_SANDBOX } } },
        mass_marketing: { enabled: true, config: { engine } },
      },
    }),
  );
  return {
    databaseUrl,
    engineName,
    configFile,
    secret: TEST_KERNEL_SECRET,
    publicBaseUrl: 'http://switchboard.test',
  };
}

/** A kernel in this process on the deployment's database, with the campaign engine off: it seeds and reads, it never sends. */
export function seedKernel(d: Deployment): Promise<TestKernel> {
  return bootKernel({
    groups: GROUPS,
    databaseUrl: d.databaseUrl,
    overrides: {
      server: { publicBaseUrl: d.publicBaseUrl },
      groups: {
        whatsapp_ops: { enabled: true, config: { sandbox: { engineName: d.engineName, ...FAST_SANDBOX } } },
        mass_marketing: { enabled: true, config: { engine: { enabled: false } } },
      },
    },
  });
}

/** `node core/main.ts` on the deployment: the real server process. */
export async function startServer(d: Deployment): Promise<ServerProcess> {
  const server = spawnServer(await freePort(), {
    DATABASE_URL: d.databaseUrl,
    SWITCHBOARD_CONFIG: d.configFile,
    SWITCHBOARD_GROUPS: GROUPS.join(','),
    SWITCHBOARD_SECRET: d.secret,
    PUBLIC_BASE_URL: d.publicBaseUrl,
    LOG_LEVEL: 'error',
  });
  // PUBLIC_BASE_URL is not where the server listens: health is asked on the port itself.
  await waitForHealth(server, 90_000);
  return server;
}

/** A plain connection to the deployment's database, for reading the ground truth while servers run. */
export async function database(d: Deployment): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: d.databaseUrl });
  await client.connect();
  return client;
}
