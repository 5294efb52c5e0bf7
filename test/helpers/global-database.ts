import { TestDatabase } from './test-database.js';

let shared: TestDatabase | undefined;

/** The run's shared database, created on first use and dropped when mocha finishes. */
export async function sharedDatabaseUrl(): Promise<string> {
  shared ??= await TestDatabase.create();
  return shared.url;
}

export const mochaHooks = {
  async afterAll() {
    await shared?.drop();
    shared = undefined;
  },
};
