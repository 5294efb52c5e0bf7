import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { KERNEL_TOOL_ERRORS } from '../core/errors/error-catalogue.js';
import { thrownCodes, uncataloguedCodes } from '../scripts/lib/thrown-codes.js';
import { withErrorsBlock } from '../scripts/lib/render-errors-section.js';
import { groupsUnderTest, loadGroups } from './harness/groups-under-test.js';
import fxUncatalogued from './fixtures/groups/fx_uncatalogued/index.js';

const groups = await groupsUnderTest();
const plugins = await loadGroups(groups);
const SNAKE = /^[a-z][a-z0-9_]*$/;

describe('error catalogues: every code a group throws is listed, and its README shows the list', () => {
  for (const group of groups) {
    const plugin = plugins.find((p) => p.plugin.name === group.name)!.plugin;

    describe(group.name, () => {
      it('declares a catalogue of snake_case codes, each saying when it happens', () => {
        expect(plugin.errors, `${group.name} has no errors in its manifest`).to.be.an('object');
        for (const [code, entry] of Object.entries(plugin.errors!)) {
          expect(code, code).to.match(SNAKE);
          expect(entry.when, `${code}.when`).to.be.a('string').that.is.not.empty;
        }
      });

      it('throws no code that its catalogue (or the kernel’s) does not list', () => {
        const missing = uncataloguedCodes(group.dir, plugin.errors ?? {}, KERNEL_TOOL_ERRORS);
        expect(missing.map((m) => `${m.code} (thrown in ${m.files.join(', ')})`)).to.deep.equal([]);
      });

      it('has the README error section npm run docs:errors generates from the catalogue', () => {
        const readme = readFileSync(join(group.dir, 'README.md'), 'utf8');
        const generated = withErrorsBlock(readme, plugin.errors ?? {});
        expect(generated, 'README.md has no generated error block').to.not.equal(null);
        expect(
          generated === readme,
          `${group.name}/README.md error section is stale: run npm run docs:errors`,
        ).to.equal(true);
      });
    });
  }

  it('catches a planted code thrown without being catalogued, naming the file that throws it', () => {
    const dir = fileURLToPath(new URL('./fixtures/groups/fx_uncatalogued/', import.meta.url));
    expect([...thrownCodes(dir).keys()].sort()).to.deep.equal(['gizmo_exploded', 'not_found']);
    expect(uncataloguedCodes(dir, fxUncatalogued.errors!, KERNEL_TOOL_ERRORS)).to.deep.equal([
      { code: 'gizmo_exploded', files: ['services/gizmo-service.ts'] },
    ]);
  });

  it('no two groups describe one meaning with two codes: the retired synonym no_connected_session is gone', () => {
    for (const plugin of plugins) expect(plugin.plugin.errors ?? {}).to.not.have.property('no_connected_session');
    for (const group of groups) expect([...thrownCodes(group.dir).keys()]).to.not.include('no_connected_session');
  });
});
