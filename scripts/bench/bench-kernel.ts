import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { GroupEntry } from '../../core/config/config-schema.js';
import { loadConfig } from '../../core/config/load-config.js';
import { buildKernel, type Kernel } from '../../core/kernel.js';
import { TestDatabase } from '../../test/helpers/test-database.js';

/**
 * A kernel for a benchmark: the embedded engine in a fresh folder when asked, else DATABASE_URL
 * when set, else a database of its own on the local PostgreSQL (dropped by close); no rate limit,
 * no jobs, quiet logs. Extra groups (fixtures) are added to the configured ones.
 */
export async function benchKernel(
  extraGroups: Record<string, GroupEntry> = {},
  options: { embedded?: boolean } = {},
): Promise<{ kernel: Kernel; close(): Promise<void> }> {
  const db = options.embedded || process.env.DATABASE_URL ? undefined : await TestDatabase.create();
  const dataDir = await mkdtemp(join(tmpdir(), 'sb-bench-'));
  const config = await loadConfig({
    overrides: {
      server: { port: 0 },
      database: options.embedded ? { dataDir } : { url: process.env.DATABASE_URL ?? db!.url, dataDir },
      auth: { requestsPerWindow: 100_000_000 },
      jobs: { enabled: false },
      logLevel: 'warn',
      ...(Object.keys(extraGroups).length > 0 && { groups: extraGroups }),
    },
  });
  const kernel = await buildKernel(config, { logger: false });
  return {
    kernel,
    async close() {
      await kernel.close();
      await db?.drop();
    },
  };
}
