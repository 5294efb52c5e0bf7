import { expect } from 'chai';
import { Type } from 'typebox';
import type { ToolDefinition } from '../plugin/plugin-types.js';
import { describeArgumentsOnce } from './arguments-as-in.js';
import { registerTool } from './registered-tool.js';

const tool = (name: string, kind: 'query' | 'mutation', input: ToolDefinition['input'], argumentsAsIn?: string) =>
  registerTool('fx', {
    name,
    title: name,
    description: `${name}.`,
    kind,
    hints: { readOnly: kind === 'query', destructive: false, idempotent: true, openWorld: false },
    input,
    output: Type.Object({}),
    ...(argumentsAsIn && { argumentsAsIn }),
    handler: async () => ({}),
  });

const fields = {
  text: Type.String({ description: 'The message; {nombre} is the name.' }),
  when: Type.Object({ at: Type.String({ description: 'When to send.' }) }, { description: 'Scheduling.' }),
};
const create = tool('create_item', 'mutation', Type.Object(fields));
const update = tool(
  'update_item',
  'mutation',
  Type.Object({
    item_id: Type.Integer({ description: 'Which item.' }),
    text: Type.Optional(fields.text),
    when: Type.Optional(Type.Object({ at: Type.String({ description: 'When to send.' }) }, { description: 'Other.' })),
  }),
  'create_item',
);

describe('describeArgumentsOnce', () => {
  it('publishes an argument described as the named tool describes it without the description, and says where it is', () => {
    const published = describeArgumentsOnce([create, update]).get('update_item')!;
    expect(published.description).to.equal('update_item. Arguments as in create_item.');
    const properties = published.inputSchema.properties as Record<string, Record<string, unknown>>;
    expect(properties.text).to.deep.equal({ type: 'string' });
    // A description of its own stays, at any depth; the same one below it goes.
    expect(properties.when).to.deep.include({ description: 'Other.' });
    expect(properties.when!.properties).to.deep.equal({ at: { type: 'string' } });
    expect(properties.item_id).to.deep.include({ description: 'Which item.' });
    // The named tool, and what the server validates with, keep every description.
    expect(JSON.stringify(create.descriptor)).to.include('The message;');
    expect(JSON.stringify(update.inputSchema)).to.include('The message;');
  });

  it('refuses a tool that names one of another group, or a query that names a mutation', () => {
    expect(() => describeArgumentsOnce([update])).to.throw(/not a tool of its group/);
    const query = tool('list_items', 'query', Type.Object({ text: Type.Optional(fields.text) }), 'create_item');
    expect(() => describeArgumentsOnce([create, query])).to.throw(/read-only tokens/);
  });
});
