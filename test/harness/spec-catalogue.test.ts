import { expect } from 'chai';
import { parseSpecCatalogue } from './spec-catalogue.js';

const SPEC = `
### Confirmation rule

Tools marked (C) below require confirmation. For wipe_things and set_hook the calling client is told to stop after the first response.

### Tool catalogue

#### things

| Tool | Kind | Arguments |
|---|---|---|
| create_thing | M | action* (\`create\`), name*, note (str; default \`x\`) |
| wipe_things (C) | M | action*, thing_ids* (arr of int) |
| count_things | Q | action* (\`count_filtered\`), list_id*, filters* (JSON) |
| set_hook (C) | M | hook_enabled* (bool), hook_url |
| cancel_thing (C) | M | action* (\`cancel\`), thing_id* |

Other things tools (kind in parentheses): list_things (Q), delete_thing (M; arguments id int), import_things (M, various sources). Thing tools take thing_id (int).

Tools referenced by name elsewhere: send_thing (arguments phone, message), get_thing_status.

### Direct session service

| not_a_tool | M | x* |
`;

describe('spec catalogue parser', () => {
  const tools = parseSpecCatalogue(SPEC);

  it('reads kinds, (C), action* with its value and required arguments from the tables', () => {
    expect(tools.get('create_thing')).to.deep.equal({
      name: 'create_thing',
      kind: 'mutation',
      actionRequired: true,
      actionValue: 'create',
      requiredArgs: ['name'],
    });
    expect(tools.get('count_things')).to.include({ kind: 'query', actionValue: 'count_filtered' });
    expect(tools.get('count_things')!.requiredArgs).to.deep.equal(['list_id', 'filters']);
    expect(tools.get('cancel_thing')).to.include({ confirmation: 'agent', actionValue: 'cancel' });
    expect(tools.get('set_hook')).to.include({ actionRequired: false });
  });

  it('marks the tools the confirmation rule names as confirmed by the user', () => {
    expect(tools.get('wipe_things')!.confirmation).to.equal('user');
    expect(tools.get('set_hook')!.confirmation).to.equal('user');
  });

  it('reads the prose lists, with kinds where given, and nothing outside the catalogue', () => {
    expect(tools.get('list_things')).to.include({ kind: 'query', actionRequired: false });
    expect(tools.get('delete_thing')).to.include({ kind: 'mutation' });
    expect(tools.get('import_things')).to.include({ kind: 'mutation' });
    expect(tools.get('send_thing')).to.deep.equal({ name: 'send_thing', actionRequired: false, requiredArgs: [] });
    expect(tools.has('get_thing_status')).to.equal(true);
    expect(tools.has('thing_id')).to.equal(false);
    expect(tools.has('not_a_tool')).to.equal(false);
  });

  it('fails loudly when the spec no longer says which tools the user confirms', () => {
    expect(() => parseSpecCatalogue(SPEC.replace('the calling client is told to stop', 'nothing'))).to.throw(
      /which tools the user confirms/,
    );
  });
});
