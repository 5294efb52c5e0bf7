import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * SWITCHBOARD_SECRET when configured; otherwise a key generated once into the data folder, so a
 * fresh `npm start` works and restarts can still open what earlier runs sealed.
 */
export async function loadSecret(
  configured: string | undefined,
  dataDir: string,
): Promise<{ secret: string; generated: boolean }> {
  if (configured) return { secret: configured, generated: false };
  const file = join(dataDir, 'secret.key');
  try {
    return { secret: (await readFile(file, 'utf8')).trim(), generated: false };
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  try {
    await writeFile(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    // Another process created it first: use theirs so both agree.
    if ((err as NodeJS.ErrnoException).code === 'EEXIST')
      return { secret: (await readFile(file, 'utf8')).trim(), generated: false };
    throw err;
  }
  return { secret, generated: true };
}
