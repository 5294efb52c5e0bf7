import { execFile } from 'node:child_process';
import { childEnv, repoRoot } from './server-process.js';

export interface ScriptRun {
  code: number;
  stdout: string;
  stderr: string;
}

export type OperatorScript = 'shop' | 'migrate' | 'tools' | 'db' | 'support';

/** Runs an operator script the way the README does, minus npm's banner, with only `env` configuring it. */
export function runScript(script: OperatorScript, args: string[], env: Record<string, string>): Promise<ScriptRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx/esm', `scripts/${script}.ts`, ...args],
      { cwd: repoRoot, env: childEnv(env), timeout: 180_000, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}
