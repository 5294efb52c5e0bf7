/**
 * Files that use the run's database yet run on one engine only, because what they test does not
 * depend on it; each entry says why. Every other file that reaches the run's database (see
 * test-files.ts) runs on both engines, so a new one cannot be left out by accident.
 */
export const ONCE_DESPITE_DATABASE: Record<string, string> = {
  'test/conformance.test.ts': 'the MCP protocol as the official suite sees it; the database only holds its one shop',
  'test/cli.test.ts':
    'operator commands through DATABASE_URL; its own embedded section covers the embedded engine (the shared data folder)',
  'test/compiled-server.test.ts': 'the compiled entry point and package resolution',
  'test/compression.test.ts':
    'content encodings of HTTP answers and event streams; the database only holds its one shop',
  'test/real-clients.test.ts':
    'published schemas as real MCP clients validate them; the database only holds the shop they call',
  'test/data-transfer.test.ts': 'moves data from embedded folders to PostgreSQL: both engines in every run',
  'test/shared-limits.test.ts': 'Redis budgets across server processes: a PostgreSQL deployment',
  'test/three-instances.test.ts': 'several server processes on one database: a PostgreSQL deployment',
  'test/resource-subscriptions-processes.test.ts': 'two server processes on one database: a PostgreSQL deployment',
  'plugins/plugins/test/widget-limits-processes.test.ts': 'limits across server processes: a PostgreSQL deployment',
};
