import pg from 'pg';

/** The PostgreSQL server tests create their databases on (its maintenance database). */
export const SERVER_URL = process.env.TEST_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export const databaseUrl = (name: string) => SERVER_URL.replace(/\/[^/]*$/, `/${name}`);

/** One statement on the maintenance database, on a connection of its own. */
export async function adminQuery(sql: string): Promise<{ rows: Record<string, unknown>[] }> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

// What a test process must not leave behind when it ends: temporary folders at exit, databases
// through one last connection on SIGINT/SIGTERM (an interrupted run must not leave sb_test_*
// behind). A process that ends otherwise leaves its databases to the next run's
// dropLeftoverDatabases().
const onExit = new Set<() => void>();
const dropOnSignal = new Set<string>();

/** Runs `cleanup` when the process exits; the answer forgets it (done already). */
export function removeAtExit(cleanup: () => void): () => void {
  listen();
  onExit.add(cleanup);
  return () => onExit.delete(cleanup);
}

/** Drops the database if the run is interrupted; the answer forgets it (dropped already). */
export function dropIfInterrupted(name: string): () => void {
  listen();
  dropOnSignal.add(name);
  return () => dropOnSignal.delete(name);
}

// Installed by the first thing to clean up, so that a process with nothing of its own (the test
// runner, whose templates it removes itself) keeps its own handling of the signals.
let listening = false;
function listen() {
  if (listening) return;
  listening = true;
  process.once('exit', () => {
    for (const cleanup of onExit) cleanup();
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const cleanup of onExit) cleanup();
      onExit.clear();
      void Promise.allSettled(
        [...dropOnSignal].map((name) => adminQuery(`drop database if exists "${name}" with (force)`)),
      ).finally(() => process.exit(130));
    });
  }
}
