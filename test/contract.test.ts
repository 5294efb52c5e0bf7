import { expect } from 'chai';
import { relative } from 'node:path';
import { groupsUnderTest, REPO_ROOT } from './harness/groups-under-test.js';
import {
  CATALOGUE_PATH,
  catalogueEntries,
  parseSpecCatalogue,
  readCatalogue,
  readSpec,
  SPEC_PATH,
  specPresent,
} from './harness/spec-catalogue.js';
import { contractContext, describeGroupContract, type ContractContext } from './kit/describe-group-contract.js';

/**
 * The contract every tool group keeps, checked over every group enabled in config/default.ts and
 * the example groups: manifest, README, tool names, annotations, kinds, confirmation, the action
 * argument, and one tool per file. The spec's facts come from the committed extract of its tool
 * catalogue, so a clone without the spec still checks them; where the spec is present, the extract
 * must match it, so a spec change shows up here.
 */

/** Tools that ask for confirmation although the spec does not mark them (C): tool → why. */
const EXTRA_CONFIRMATION: Record<string, string> = {};

/** Arguments the spec marks required (`*`) that a tool leaves optional: "tool.argument" → why. */
const OPTIONAL_DESPITE_SPEC: Record<string, string> = {};

const TOOL_NAME = /^[a-z][a-z0-9_]{0,63}$/;

const groups = await groupsUnderTest();
const rel = (path: string) => relative(REPO_ROOT, path);

describe('contract: every enabled tool group', () => {
  let context: ContractContext;

  before(async () => {
    context = await contractContext(groups);
  });

  it(`holds the spec's tool catalogue as the committed extract says (${rel(CATALOGUE_PATH)})`, function () {
    if (!specPresent()) {
      console.log(
        `      the spec is not at ${SPEC_PATH} (SWITCHBOARD_SPEC names another copy): the extract is used as committed`,
      );
      this.skip();
    }
    expect(
      catalogueEntries(readCatalogue()),
      `the extract differs from ${rel(SPEC_PATH)}: run npm run spec:extract and review the diff`,
    ).to.deep.equal(catalogueEntries(parseSpecCatalogue(readSpec())));
  });

  it(`reads the spec's tool catalogue (${rel(CATALOGUE_PATH)})`, () => {
    const { spec } = context;
    const confirmed = [...spec.values()].filter((t) => t.confirmation);
    expect(confirmed.length, 'tools marked (C)').to.be.greaterThan(0);
    expect(confirmed.filter((t) => t.confirmation === 'user').length, 'user-confirmed tools').to.be.greaterThan(0);
    expect([...spec.values()].filter((t) => t.actionRequired).length, 'tools with action*').to.be.greaterThan(0);
  });

  it('gives every tool a unique name matching ^[a-z][a-z0-9_]{0,63}$', () => {
    const { plugins, registryError, listed } = context;
    const owners = new Map<string, string[]>();
    for (const { plugin } of plugins)
      for (const tool of plugin.tools ?? []) owners.set(tool.name, [...(owners.get(tool.name) ?? []), plugin.name]);
    const duplicated = [...owners].filter(([, gs]) => gs.length > 1).map(([name, gs]) => `${name} (${gs.join(', ')})`);
    expect(duplicated, 'tool names declared more than once').to.deep.equal([]);
    expect(
      [...owners.keys()].filter((n) => !TOOL_NAME.test(n)),
      'badly named tools',
    ).to.deep.equal([]);
    expect(registryError, 'the tool registry refuses these groups').to.equal(undefined);
    expect(listed.size, 'tools/list lists every tool').to.equal(owners.size);
  });

  for (const group of groups)
    describeGroupContract(group, () => context, {
      extraConfirmation: EXTRA_CONFIRMATION,
      optionalDespiteSpec: OPTIONAL_DESPITE_SPEC,
    });
});
