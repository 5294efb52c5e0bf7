import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SwitchboardConfig } from '../../core/config/config-schema.js';
import { withoutPassword } from '../../core/logging/redact-url.js';
import { OperatorError, UsageError } from './cli-errors.js';
import * as value from './option-values.js';
import { parseOptions } from './parse-options.js';
import { ensureSchema, openDatabase } from './open-database.js';
import { readSnapshot } from './transfer/snapshot.js';
import { loadInto, TransferError } from './transfer/database-sink.js';
import { backupWriter, replayBackup } from './transfer/backup-file.js';

export const DB_USAGE = `Usage: npm run --silent db -- <command> [options]

Commands:
  backup --out FILE
      Writes one consistent snapshot of the database (the embedded one in DATA_DIR, or
      DATABASE_URL) to FILE (gzip'd JSON lines), while the server keeps running.
  restore --in FILE
      Loads a backup into the database (DATA_DIR or DATABASE_URL), which must be empty; migrates it
      first. The secret must be the one the backup was made with (SWITCHBOARD_SECRET or
      DATA_DIR/secret.key): sealed values are useless under another.
  copy-to-postgres [--to URL]
      Copies everything from the embedded database in DATA_DIR into the empty PostgreSQL at URL
      (default: DATABASE_URL), checks the row count of every table, and says what to change to run
      on it.

The result is one JSON value on stdout; messages go to stderr. Exit codes: 0 done, 1 failed,
2 bad arguments.`;

export type DbOperation = (config: Readonly<SwitchboardConfig>) => Promise<unknown>;

const commands: Record<string, (args: string[]) => DbOperation> = {
  backup(args) {
    const o = parseOptions(args, { out: { type: 'string' } });
    const out = value.required(o.out, 'out');
    return async (config) => {
      const fingerprint = fingerprintOf(await currentSecret(config));
      const db = await openDatabase(config);
      try {
        const rows = await readSnapshot(db.orm.em, backupWriter(out, fingerprint));
        return { file: out, rows, secret_fingerprint: fingerprint };
      } finally {
        await db.close();
      }
    };
  },

  restore(args) {
    const o = parseOptions(args, { in: { type: 'string' } });
    const file = value.required(o.in, 'in');
    return async (config) => {
      const fingerprint = fingerprintOf(await currentSecret(config));
      const db = await openDatabase(config);
      try {
        await ensureSchema(db, true);
        const rows = await loadInto(db.orm.em, (sink) =>
          replayBackup(file, sink, (header) => {
            if (header.secret_fingerprint !== fingerprint)
              throw new TransferError(
                `the backup was sealed with another secret (fingerprint ${header.secret_fingerprint}, this one ${fingerprint}): set SWITCHBOARD_SECRET to the source's secret, or copy secret.key from its data folder`,
              );
          }),
        ).catch(transferError);
        return { restored: rows, database: config.database.url ? 'DATABASE_URL' : config.database.dataDir };
      } finally {
        await db.close();
      }
    };
  },

  'copy-to-postgres'(args) {
    const o = parseOptions(args, { to: { type: 'string' } });
    if (o.to !== undefined && !/^postgres(ql)?:\/\//.test(o.to))
      throw new UsageError('--to must be a postgres:// or postgresql:// URL');
    return async (config) => {
      // The source is always the data folder; the target is --to, or DATABASE_URL.
      const to = o.to ?? config.database.url;
      if (!to) throw new UsageError('name the PostgreSQL to copy into: --to URL, or DATABASE_URL');
      const source = await openDatabase({ ...config, database: { ...config.database, url: undefined } });
      try {
        // Two databases open at once: each ORM's transactions are found under a name of their own.
        const target = await openDatabase(
          { ...config, database: { ...config.database, url: to } },
          { contextName: 'target' },
        );
        try {
          await ensureSchema(target, true);
          const rows = await loadInto(target.orm.em, (sink) => readSnapshot(source.orm.em, sink)).catch(transferError);
          return {
            copied: rows,
            verified: true,
            next: [
              `Set DATABASE_URL=${withoutPassword(to)} (with its password) and restart the server.`,
              config.secret
                ? 'Keep SWITCHBOARD_SECRET as it is: the copied secrets are sealed with it.'
                : `Set SWITCHBOARD_SECRET to the contents of ${join(config.database.dataDir, 'secret.key')}, or keep DATA_DIR: the copied secrets are sealed with it.`,
              `Keep ${config.database.dataDir} until the server runs well on PostgreSQL; the embedded database is no longer written.`,
            ],
          };
        } finally {
          await target.close();
        }
      } finally {
        await source.close();
      }
    };
  },
};

/** The key secrets are sealed with, without creating one (a restore must not invent a new key). */
async function currentSecret(config: Readonly<SwitchboardConfig>): Promise<string> {
  if (config.secret) return config.secret;
  const file = join(config.database.dataDir, 'secret.key');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    throw new OperatorError(`no secret: set SWITCHBOARD_SECRET, or put the source's secret.key in ${file}`);
  }
}

const fingerprintOf = (secret: string) => createHash('sha256').update(secret).digest('hex').slice(0, 16);

const transferError = (err: unknown): never => {
  throw err instanceof TransferError ? new OperatorError(err.message) : err;
};

export function parseDbCommand([name, ...args]: string[]): DbOperation {
  if (name === undefined) throw new UsageError('a command is required');
  if (!Object.hasOwn(commands, name)) throw new UsageError(`unknown command "${name}"`);
  return commands[name]!(args);
}
