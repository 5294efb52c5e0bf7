import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import { fixtureGroup } from './fixtures/fixture-groups.js';
import { KernelError } from '../core/errors/kernel-error.js';
import { ServiceAccess } from '../core/plugin/service-access.js';
import type { LoadedPlugin } from '../core/plugin/load-plugins.js';
import type { PluginDefinition } from '../core/plugin/plugin-types.js';

const group = (name: string, extra: Partial<PluginDefinition> = {}): LoadedPlugin => ({
  plugin: { name, version: '1.0.0', description: name, kernel: '^1.0.0', ...extra },
  config: {},
});

class Lists {}
class Notes {}

describe('service access: a group resolves only the services of groups it declares', function () {
  this.timeout(60_000);

  describe('ServiceAccess', () => {
    const access = ServiceAccess.of([
      group('notes', { services: { notesService: Notes } }),
      group('lists', { services: { listsService: Lists }, optionalDependencies: ['notes'] }),
      group('loner', {}),
      group('translator', { services: { translatorPort: Notes } }),
      group('campaigns', { ports: ['translatorPort'] }),
    ]);
    const cradle = { notesService: 'notes', listsService: 'lists', credits: 'kernel', translatorPort: 'port' };

    it('its own services, the kernel’s and those of declared (optional) dependencies are visible', () => {
      const view = access.view(cradle, 'lists');
      expect([view.listsService, view.notesService, view.credits]).to.deep.equal(['lists', 'notes', 'kernel']);
    });

    it('another group’s service is refused with KRN_ERR_UNDECLARED_SERVICE naming both groups', () => {
      const view = access.view(cradle, 'loner');
      expect(view.credits).to.equal('kernel');
      let err: unknown;
      try {
        void view.notesService;
      } catch (e) {
        err = e;
      }
      expect(err).to.be.instanceOf(KernelError);
      expect((err as KernelError).code).to.equal('KRN_ERR_UNDECLARED_SERVICE');
      expect((err as KernelError).message)
        .to.contain('"loner"')
        .and.contain('"notes"');
      expect((err as KernelError).details).to.deep.equal({ group: 'loner', service: 'notesService', owner: 'notes' });
    });

    it('a declared port resolves from whichever group provides it; undeclared, it is refused like any service', () => {
      expect(access.view(cradle, 'campaigns').translatorPort).to.equal('port');
      expect(() => access.view(cradle, 'campaigns').notesService).to.throw(KernelError, /"campaigns".*"notes"/);
      expect(() => access.view(cradle, 'loner').translatorPort).to.throw(KernelError, /in ports/);
    });

    it('the kernel’s own work (no group) sees every service', () => {
      expect(access.view(cradle, undefined).notesService).to.equal('notes');
    });
  });

  it('boot refuses a group whose service resolves an undeclared group’s service in its constructor', async () => {
    let kernel: TestKernel | undefined;
    let err: unknown;
    try {
      kernel = await bootKernel({
        groups: [],
        overrides: {
          groups: { fx_tenancy: fixtureGroup('fx_tenancy'), fx_undeclared_eager: fixtureGroup('fx_undeclared_eager') },
        },
      });
    } catch (e) {
      err = e;
    }
    await kernel?.close();
    expect(err).to.be.instanceOf(KernelError);
    expect((err as KernelError).code).to.equal('KRN_ERR_UNDECLARED_SERVICE');
    expect((err as KernelError).message)
      .to.contain('"fx_undeclared_eager"')
      .and.contain('"fx_tenancy"');
  });

  it('a handler that resolves an undeclared group’s service fails, and the data stays unread', async () => {
    const kernel = await bootKernel({
      groups: [],
      overrides: {
        groups: { fx_tenancy: fixtureGroup('fx_tenancy'), fx_undeclared_lazy: fixtureGroup('fx_undeclared_lazy') },
      },
    });
    try {
      const { token } = await kernel.newShop();
      const created = await kernel.call(token, 'fx_create_note', { action: 'create', title: 'private' });
      expect(created.isError).to.equal(false);
      const { payload, isError } = await kernel.call(token, 'fx_peek_note', { note_id: created.payload.note.id });
      expect(isError).to.equal(true);
      expect(payload.error_code).to.equal('internal_error');
      expect(JSON.stringify(payload)).to.not.contain('private');
    } finally {
      await kernel.close();
    }
  });
});
