import { removeOwnTemplates } from './database-templates.js';
import { dropLeftoverDatabases, TestDatabase, useEmbedded } from './test-database.js';

let shared: Promise<TestDatabase> | undefined;

/** The run's shared database (migrated), created on first use and dropped when mocha finishes. */
export async function sharedDatabaseUrl(): Promise<string> {
  shared ??= (async () => {
    // The runner clears what killed runs left behind before its lanes start; a file run alone does it here.
    if (!process.env.SWITCHBOARD_TEST_RUN && !(await useEmbedded())) await dropLeftoverDatabases();
    return TestDatabase.create();
  })();
  return (await shared).url;
}

export const mochaHooks = {
  async afterAll() {
    const db = await shared?.catch(() => undefined);
    shared = undefined;
    await db?.drop();
    await removeOwnTemplates();
  },
};
