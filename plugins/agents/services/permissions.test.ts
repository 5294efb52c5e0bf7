import { expect } from 'chai';
import { ToolError } from '../../../core/index.js';
import { expandPermissions, parsePermissionsJson, resolvePermissions, PERMISSION_SECTIONS } from './permissions.js';

describe('agents permissions (unit)', () => {
  it('a stored map lacking a section (added after it was saved) gives no access to that section', () => {
    const stored = { tickets: { view: true, edit: true } };
    const full = expandPermissions(stored);
    expect(Object.keys(full)).to.have.members([...PERMISSION_SECTIONS]);
    expect(full.tickets).to.deep.equal({ view: true, edit: true });
    expect(full.settings).to.deep.equal({ view: false, edit: false });
  });

  it('null means every section', () => {
    for (const s of PERMISSION_SECTIONS) expect(expandPermissions(null)[s]).to.deep.equal({ view: true, edit: true });
  });

  it('resolves shorthands and reports every edit-without-view at once', () => {
    expect(resolvePermissions({ crm: { edit: true }, stats: false }, 'permissions').crm).to.deep.equal({
      view: true,
      edit: true,
    });
    try {
      resolvePermissions({ tickets: { view: false, edit: true }, crm: { view: false, edit: true } }, 'permissions');
      expect.fail('should throw');
    } catch (err) {
      expect(err).to.be.instanceOf(ToolError);
      expect((err as ToolError).details.errors).to.have.length(2);
    }
  });

  it('parsePermissionsJson names the field at the root', () => {
    try {
      parsePermissionsJson('42');
      expect.fail('should throw');
    } catch (err) {
      expect((err as ToolError).code).to.equal('invalid_arguments');
      expect((err as ToolError).details.errors).to.deep.equal([
        { path: 'permissions_json', message: 'must be object' },
      ]);
    }
  });
});
