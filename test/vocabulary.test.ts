import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import type { RegisteredTool } from '../core/tools/registered-tool.js';
import { ToolRegistry } from '../core/tools/tool-registry.js';
import fxVocabulary from './fixtures/groups/fx_vocabulary/index.js';
import { groupsUnderTest, loadGroups, registryOf } from './harness/groups-under-test.js';
import {
  dateStrays,
  descriptionStrays,
  flagStrays,
  idStrays,
  schemaErrorPathStrays,
  sourcePathStrays,
  SPEC_EXCEPTIONS,
} from './harness/vocabulary.js';

/**
 * One vocabulary across the tool surface (docs/decisions.md, "One vocabulary"): every registered
 * tool takes dates through the kernel's shared types, names ids <thing>_id, takes flags as
 * booleans, and answers errors at paths in one style — except where the spec fixes otherwise
 * (SPEC_EXCEPTIONS). The planted fixture shows each check catching its stray.
 */
const groups = await groupsUnderTest();

describe('vocabulary: every tool speaks the shared one', () => {
  let tools: RegisteredTool[];

  before(async () => {
    tools = registryOf(await loadGroups(groups)).all();
  });

  const none = (strays: string[], what: string) =>
    expect(strays, `${what}:\n  ${strays.join('\n  ')}`).to.deep.equal([]);

  it('takes every date, moment and time of day through the shared types', () => {
    none(tools.flatMap(dateStrays), 'date arguments');
  });

  it('names every id argument <thing>_id, outside the spec’s exceptions', () => {
    none(tools.flatMap(idStrays), 'id arguments');
  });

  it('takes flags as booleans, outside the spec’s int 0/1 fields', () => {
    none(tools.flatMap(flagStrays), 'flags');
  });

  it('reports schema errors at paths in one style (a.b.0.c)', () => {
    none(tools.flatMap(schemaErrorPathStrays), 'schema error paths');
  });

  it('writes its own error paths in the same style', () => {
    none(
      groups.flatMap((g) => sourcePathStrays(g.dir).map((s) => `${g.name}/${s}`)),
      'error paths in group sources',
    );
  });

  it('never points a model at an internal document in a description', () => {
    none(tools.flatMap(descriptionStrays), 'descriptions');
  });

  it('lists only exceptions that name a real argument', () => {
    const names = new Set(
      tools.flatMap((t) =>
        Object.keys((t.inputSchema as { properties: object }).properties).map((a) => `${t.definition.name}.${a}`),
      ),
    );
    expect(Object.keys(SPEC_EXCEPTIONS).filter((k) => !names.has(k))).to.deep.equal([]);
  });
});

describe('vocabulary: the planted strays are caught', () => {
  const registry = new ToolRegistry();
  for (const tool of fxVocabulary.tools ?? []) registry.add(fxVocabulary.name, tool);
  registry.seal(0);
  const planted = registry.all()[0]!;

  it('a date argument of its own', () => {
    expect(dateStrays(planted)).to.deep.equal([
      'fx_plan_gadget.ready_at: a date argument without DateTimeArg, RangeBoundArg or DateArg',
    ]);
  });

  it('an id argument named otherwise', () => {
    expect(idStrays(planted)).to.deep.equal(['fx_plan_gadget.owner: an id argument not named <thing>_id']);
  });

  it('an int used as a flag', () => {
    expect(flagStrays(planted)).to.deep.equal(['fx_plan_gadget.urgent: an int 0/1 flag, not a boolean']);
  });

  it('an error path in another style', () => {
    const dir = fileURLToPath(new URL('./fixtures/groups/fx_vocabulary/', import.meta.url));
    expect(sourcePathStrays(dir)).to.deep.equal(['services/check-title.ts: error path "\'/title\'"']);
    expect(schemaErrorPathStrays(planted)).to.deep.equal([]);
  });
});
