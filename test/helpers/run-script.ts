import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { compiledBuild } from './compiled-build.js';
import { childEnv, repoRoot } from './server-process.js';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

export type OperatorScript = 'shop' | 'migrate' | 'tools' | 'db' | 'support';

/**
 * Runs an operator script the way the README does, minus npm's banner, with only `env` configuring
 * it: compiled, from the run's build, as `npm start`'s server runs.
 */
export async function runScript(
  script: OperatorScript,
  args: string[],
  env: Record<string, string>,
): Promise<ScriptRun> {
  const entry = join(await compiledBuild(), 'scripts', `${script}.js`);
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--conditions=switchboard-built', entry, ...args],
      { cwd: repoRoot, env: childEnv(env), timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}
