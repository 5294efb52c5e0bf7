import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmbeddedPostgres } from '../../core/db/embedded-postgres.js';
import { initdbApart } from '../../core/db/pglite-initdb.js';
import { createOrm } from '../../core/db/create-orm.js';
import { collectSchema } from '../../core/db/collect-schema.js';
import { loadPlugins } from '../../core/plugin/load-plugins.js';
import { finalizeConfig } from '../../core/config/load-config.js';
import defaults from '../../config/default.js';
import { adminQuery, databaseUrl, dropIfInterrupted, removeAtExit } from './postgres-admin.js';

/**
 * What a test database starts from, made once per run: on PostgreSQL a database migrated with
 * every default group (`pg`), cloned with CREATE DATABASE … TEMPLATE; on the embedded engine a
 * folder (`pglite`) with two data folders, `empty/` (initdb) and `migrated/`, copied instead of
 * running initdb and every migration again. The runner makes them before its lanes start and passes
 * them in SWITCHBOARD_TEST_PG_TEMPLATE / SWITCHBOARD_TEST_PGLITE_TEMPLATES; a file run alone makes
 * its own on first use.
 */
export interface Templates {
  pg?: string;
  pglite?: string;
}

/** Makes the run's templates for one engine (`embedded`, or PostgreSQL), and answers where they are. */
export async function prepareTemplates(embedded: boolean): Promise<Templates> {
  if (embedded) {
    const dir = await mkdtemp(join(tmpdir(), 'sb-test-templates-'));
    await mkdir(join(dir, 'empty'));
    await initdbApart(join(dir, 'empty', 'pgdata'));
    await mkdir(join(dir, 'migrated'));
    await cp(join(dir, 'empty', 'pgdata'), join(dir, 'migrated', 'pgdata'), { recursive: true });
    const engine = await startEmbeddedPostgres(join(dir, 'migrated'));
    try {
      await migrate(engine.url);
    } finally {
      await engine.close();
    }
    return { pglite: dir };
  }
  const name = `sb_tpl_${process.pid}`;
  await adminQuery(`drop database if exists "${name}" with (force)`);
  await adminQuery(`create database "${name}"`);
  try {
    await migrate(databaseUrl(name));
  } catch (err) {
    await adminQuery(`drop database if exists "${name}" with (force)`);
    throw err;
  }
  return { pg: name };
}

/** Removes templates made by prepareTemplates. */
export async function removeTemplates(templates: Templates): Promise<void> {
  if (templates.pglite) await rm(templates.pglite, { recursive: true, force: true });
  if (templates.pg) await adminQuery(`drop database if exists "${templates.pg}" with (force)`);
}

/** The migrations every test kernel would apply: the kernel's and those of every group enabled by default. */
async function migrate(url: string): Promise<void> {
  const config = finalizeConfig({ ...defaults, database: { url }, secret: 'template-secret-template-secret-0123' });
  const { entities, migrations } = collectSchema(await loadPlugins(config));
  const orm = await createOrm({ url, entities, migrations, poolMax: 2 });
  try {
    await orm.getMigrator().up();
  } finally {
    await orm.close();
  }
}

let own: { pg?: Promise<string>; pglite?: Promise<string>; initialised?: Promise<string> } = {};

/** The migrated PostgreSQL template: the run's, or one this process makes for itself. */
export function pgTemplate(): Promise<string> {
  const given = process.env.SWITCHBOARD_TEST_PG_TEMPLATE;
  if (given) return Promise.resolve(given);
  return (own.pg ??= prepareTemplates(false).then(({ pg }) => {
    dropIfInterrupted(pg!);
    return pg!;
  }));
}

/** The embedded templates' folder (`empty/`, `migrated/`): the run's, or one this process makes for itself. */
export function pgliteTemplates(): Promise<string> {
  const given = process.env.SWITCHBOARD_TEST_PGLITE_TEMPLATES;
  if (given) return Promise.resolve(given);
  return (own.pglite ??= prepareTemplates(true).then(({ pglite }) => {
    removeAtExit(() => rmSync(pglite!, { recursive: true, force: true }));
    return pglite!;
  }));
}

/**
 * An initialised embedded data folder (its pgdata) to copy, for tests of the embedded engine whose
 * subject is not initdb: the run's template, or one made once for this process.
 */
export async function initialisedPgdata(): Promise<string> {
  const given = process.env.SWITCHBOARD_TEST_PGLITE_TEMPLATES;
  if (given) return join(given, 'empty', 'pgdata');
  if (own.pglite) return join(await own.pglite, 'empty', 'pgdata');
  return (own.initialised ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sb-test-initialised-'));
    removeAtExit(() => rmSync(dir, { recursive: true, force: true }));
    await initdbApart(join(dir, 'pgdata'));
    return join(dir, 'pgdata');
  })());
}

/** Removes the templates this process made for itself (a file run alone, at its end). */
export async function removeOwnTemplates(): Promise<void> {
  const made = own;
  own = {};
  const pgName = await made.pg?.catch(() => undefined);
  const pgliteDir = await made.pglite?.catch(() => undefined);
  const initialised = await made.initialised?.catch(() => undefined);
  await removeTemplates({ pg: pgName, pglite: pgliteDir });
  if (initialised) await rm(join(initialised, '..'), { recursive: true, force: true });
}
