/**
 * The official MCP conformance suite against this server (what CI runs through
 * test/conformance.test.ts), on DATABASE_URL or a fresh database on the local PostgreSQL.
 *
 *   npm run conformance [-- --scenario tools-call-with-progress --verbose]
 */
import { TestDatabase } from '../test/helpers/test-database.js';
import { runConformance } from './conformance/run-conformance.js';

const db = process.env.DATABASE_URL ? undefined : await TestDatabase.create();
try {
  const run = await runConformance(process.env.DATABASE_URL ?? db!.url, process.argv.slice(2));
  process.stdout.write(run.output);
  process.exitCode = run.exitCode;
} finally {
  await db?.drop();
}
