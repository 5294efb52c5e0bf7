import { expect } from 'chai';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tableReferences } from '../scripts/lib/table-references.js';
import { groupsUnderTest, loadGroups, REPO_ROOT } from './harness/groups-under-test.js';
import type { PluginDefinition } from '../core/plugin/plugin-types.js';
import fxForeignSql from './fixtures/groups/fx_foreign_sql/index.js';

const groups = await groupsUnderTest();
const plugins = new Map((await loadGroups(groups)).map((p) => [p.plugin.name, p.plugin]));

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? (e.name === 'node_modules' ? [] : filesUnder(join(dir, e.name))) : [join(dir, e.name)],
  );
}

/** The tables a folder's entities declare (`tableName: '…'`): what the group owns. */
const tablesIn = (dir: string) =>
  [
    ...new Set(
      filesUnder(dir)
        .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
        .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/tableName: '([a-z0-9_]+)'/g)].map((m) => m[1]!)),
    ),
  ].sort();

const owners = new Map<string, string[]>([['kernel', tablesIn(join(REPO_ROOT, 'core'))]]);
for (const g of groups) owners.set(g.name, tablesIn(g.dir));
const views = new Map<string, string>(
  [...plugins.values()].flatMap((p) => Object.keys(p.readViews ?? {}).map((v) => [v, p.name] as [string, string])),
);

/** What a group's SQL does wrong with tables and views that are not its own. */
function trespasses(
  name: string,
  dir: string,
  plugin: Pick<PluginDefinition, 'dependencies' | 'optionalDependencies'>,
) {
  const foreignTables = [...owners].filter(([owner]) => owner !== name).flatMap(([, tables]) => tables);
  const declared = new Set([...(plugin.dependencies ?? []), ...(plugin.optionalDependencies ?? [])]);
  const foreignViews = [...views].filter(([, owner]) => owner !== name);
  return [
    ...tableReferences(dir, foreignTables).map(
      (r) => `${r.file} names table ${r.table} of ${[...owners].find(([, t]) => t.includes(r.table))![0]}`,
    ),
    ...tableReferences(
      dir,
      foreignViews.map(([view]) => view),
    )
      .filter((r) => !declared.has(views.get(r.table)!))
      .map((r) => `${r.file} reads view ${r.table} of ${views.get(r.table)}, a group it does not declare`),
  ];
}

describe('table ownership: every table belongs to one group; others read it only through its read views', () => {
  it('no table is declared by two groups (or a group and the kernel)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const [owner, tables] of owners)
      for (const t of tables) {
        if (seen.has(t)) twice.push(`${t}: ${seen.get(t)} and ${owner}`);
        seen.set(t, owner);
      }
    expect(twice).to.deep.equal([]);
  });

  for (const g of groups) {
    it(`${g.name}: its SQL names only its own tables and the read views of groups it declares`, () => {
      expect(trespasses(g.name, g.dir, plugins.get(g.name)!)).to.deep.equal([]);
    });
  }

  it('every read view a manifest declares is created by that group’s migrations', () => {
    const missing: string[] = [];
    for (const [view, owner] of views) {
      const dir = groups.find((g) => g.name === owner)!.dir;
      const migrations = filesUnder(join(dir, 'migrations'))
        .map((f) => readFileSync(f, 'utf8'))
        .join('\n');
      if (!new RegExp(`create (or replace )?view "?${view}"?\\s`, 'i').test(migrations))
        missing.push(`${owner}: ${view}`);
    }
    expect(missing).to.deep.equal([]);
  });

  it('catches a planted read of another group’s table, and of a view of a group not declared', () => {
    const dir = fileURLToPath(new URL('./fixtures/groups/fx_foreign_sql/', import.meta.url));
    expect(trespasses('fx_foreign_sql', dir, fxForeignSql)).to.deep.equal([
      'services/peek-service.ts names table chatapp_messages of whatsapp_ops',
      'services/peek-service.ts reads view customers_view of customers, a group it does not declare',
    ]);
  });
});
