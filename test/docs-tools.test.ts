import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { renderToolsDoc, TOOLS_DOC } from '../scripts/lib/render-tools-doc.js';
import { enabledInConfig, loadGroups, groupsUnderTest, registryOf } from './harness/groups-under-test.js';

describe('docs/tools.md', () => {
  it('is what npm run docs:tools generates from the registry now', async () => {
    const committed = await readFile(TOOLS_DOC, 'utf8').catch(() => '(missing)');
    expect(committed === (await renderToolsDoc()), 'docs/tools.md is stale: run npm run docs:tools').to.equal(true);
  });

  it('has a section per enabled group and a row per tool', async () => {
    const text = await renderToolsDoc();
    const builtIn = (await groupsUnderTest()).filter((g) => enabledInConfig().includes(g.name));
    const registry = registryOf(await loadGroups(builtIn));
    for (const group of enabledInConfig()) expect(text).to.match(new RegExp(`^## ${group} \\d`, 'm'));
    for (const tool of registry.all())
      expect(text).to.include(`| \`${tool.definition.name}\` | ${tool.definition.kind} | ${tool.confirmation} |`);
  });
});
