import { expect } from 'chai';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { groupBoundaries } from '../scripts/lint/group-boundaries.js';
import { REPO_ROOT } from './harness/groups-under-test.js';

/** The boundary rule alone, as eslint.config.js runs it, over a planted file at `path`. */
function lint(path: string, code: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tseslint.parser as Linter.Parser },
          plugins: { switchboard: { rules: { 'group-boundaries': groupBoundaries } } },
          rules: { 'switchboard/group-boundaries': 'error' },
        },
      ],
      { filename: join(REPO_ROOT, path) },
    )
    .map((m) => m.message);
}

describe('lint: the import boundaries between groups and the kernel', () => {
  it('a plugin importing a kernel internal is an error naming the public entry', () => {
    expect(
      lint(
        'plugins/tickets/services/planted.ts',
        "import { KernelError } from '../../../core/errors/kernel-error.js';",
      ),
    ).to.deep.equal([
      'core/errors/kernel-error.js is a kernel internal: import from core/index.js (or core/app-kit.js for standalone apps)',
    ]);
  });

  it('a plugin importing another group’s file is an error; its surface.ts is fine', () => {
    expect(
      lint(
        'plugins/tickets/services/planted.ts',
        "import { CustomersService } from '../../customers/services/customers-service.js';",
      ),
    ).to.deep.equal([
      'plugins/customers/services/customers-service.js belongs to another group: import its types from plugins/customers/surface.js',
    ]);
    expect(
      lint(
        'plugins/tickets/services/planted.ts',
        "import type { CustomersService } from '../../customers/surface.js';",
      ),
    ).to.deep.equal([]);
  });

  it('group code may not import the test kit, and the kernel may not import a group', () => {
    expect(
      lint('plugins/tickets/services/planted.ts', "import { bootKernel } from '../../../test/helpers/boot.js';"),
    ).to.deep.equal(['only tests import the test kit (test/helpers/boot.js)']);
    expect(lint('core/planted.ts', "import { ticketsErrors } from '../plugins/tickets/errors.js';")).to.deep.equal([
      'the kernel does not import plugins/tickets/errors.js',
    ]);
  });
});
