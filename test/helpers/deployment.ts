import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import pg from 'pg';
import { freePort, spawnServer, waitForReady, type ServerProcess } from './server-process.js';
import { bootKernel, TEST_KERNEL_SECRET, type TestKernel } from './boot.js';
import { FAST_SANDBOX } from './session-service-instance.js';

type GroupConfigs = Record<string, Record<string, unknown>>;

/**
 * What every server process of one crash or multi-process test shares: the database, the groups
 * and their config file, the sandbox engine, the secret and the public address.
 */
export interface Deployment {
  databaseUrl: string;
  groups: string[];
  groupConfigs: GroupConfigs;
  engineName: string;
  configFile: string;
  secret: string;
  publicBaseUrl: string;
  /** Kernel settings besides the groups (network, outbox…), in the config file and the seed kernel. */
  kernel: Record<string, unknown>;
}

const groupEntries = (d: Deployment, configs: GroupConfigs) => ({
  whatsapp_ops: { enabled: true, config: { sandbox: { engineName: d.engineName, ...FAST_SANDBOX } } },
  ...Object.fromEntries(Object.entries(configs).map(([group, config]) => [group, { enabled: true, config }])),
});

/**
 * A deployment of `groups` (whatsapp_ops among them, on a fast sandbox engine of its own) with
 * `groupConfigs` written to the config file its server processes read.
 */
export async function deployment(
  databaseUrl: string,
  name: string,
  groups: string[],
  groupConfigs: GroupConfigs,
  kernel: Record<string, unknown> = {},
): Promise<Deployment> {
  const engineName = `${name}-${process.pid}`;
  const d: Deployment = {
    databaseUrl,
    groups,
    groupConfigs,
    engineName,
    configFile: join(tmpdir(), `sb-${engineName}.json`),
    secret: TEST_KERNEL_SECRET,
    publicBaseUrl: 'http://switchboard.test',
    kernel,
  };
  await writeFile(d.configFile, JSON.stringify({ ...kernel, groups: groupEntries(d, groupConfigs) }));
  return d;
}

/**
 * A kernel in this process on the deployment's database, to seed and read; it never listens, so
 * it runs no jobs. `groupConfigs` replaces the deployment's (e.g. a campaign engine switched off).
 */
export function seedKernel(d: Deployment, groupConfigs: GroupConfigs = d.groupConfigs): Promise<TestKernel> {
  return bootKernel({
    groups: d.groups,
    databaseUrl: d.databaseUrl,
    overrides: { ...d.kernel, server: { publicBaseUrl: d.publicBaseUrl }, groups: groupEntries(d, groupConfigs) },
  });
}

/** The real server process on the deployment, compiled as `npm start` runs it. */
export async function startServer(d: Deployment): Promise<ServerProcess> {
  const server = await spawnServer(await freePort(), {
    DATABASE_URL: d.databaseUrl,
    SWITCHBOARD_CONFIG: d.configFile,
    SWITCHBOARD_GROUPS: d.groups.join(','),
    SWITCHBOARD_SECRET: d.secret,
    PUBLIC_BASE_URL: d.publicBaseUrl,
    LOG_LEVEL: 'error',
  });
  // PUBLIC_BASE_URL is not where the server listens: health is asked on the port itself.
  await waitForReady(server);
  return server;
}

/** A plain connection to the deployment's database, for reading the ground truth while servers run. */
export async function database(d: Deployment): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: d.databaseUrl });
  await client.connect();
  return client;
}
