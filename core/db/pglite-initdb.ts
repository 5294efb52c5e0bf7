/**
 * Creates an embedded database folder (initdb) in a process of its own: initdb grows PGlite's
 * WebAssembly memory to ~750 MB, and WebAssembly memory is never given back while its process
 * lives — a server that initialised its own folder kept ~700 MB for nothing, one that opens an
 * initialised folder starts at ~180 MB. Run as `node pglite-initdb.js <pgdata>` by
 * initdbApart; exits 0 once the folder is complete.
 */
import { fork } from 'node:child_process';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/** Whether `pgdata` holds an initialised cluster. */
export const isInitialised = (pgdata: string) => existsSync(join(pgdata, 'PG_VERSION'));

/**
 * Initialises `pgdata` in a child process, into a folder beside it renamed into place once
 * complete, so an interrupted initdb never leaves a half-made cluster where the server looks.
 */
export async function initdbApart(pgdata: string): Promise<void> {
  const staging = `${pgdata}.initdb-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  // This file as it runs here (.ts under tsx, .js compiled), with this process's module flags
  // only: a parent started with -e or --input-type must not hand those to a file.
  const child = fork(fileURLToPath(import.meta.url), [staging], {
    execArgv: moduleFlags(process.execArgv),
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0 || !isInitialised(staging)) {
    rmSync(staging, { recursive: true, force: true });
    throw new Error(
      `the embedded database could not be created in ${pgdata} (initdb exited ${code}): ${stderr.slice(-2000)}`,
    );
  }
  // A folder without PG_VERSION is no cluster (an initdb of an older version cut short).
  rmSync(pgdata, { recursive: true, force: true });
  renameSync(staging, pgdata);
}

/** The loader and resolution flags of a node command line (--import tsx/esm, --conditions=…). */
function moduleFlags(execArgv: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const flag = execArgv[i]!;
    if (['--import', '--require', '-r', '--loader', '--conditions', '-C'].includes(flag))
      kept.push(flag, execArgv[++i]!);
    else if (/^--(import|require|loader|conditions)=/.test(flag)) kept.push(flag);
  }
  return kept;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const db = await PGlite.create(process.argv[2]!);
  await db.close();
  process.exit(0);
}
