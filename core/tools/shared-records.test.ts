import { expect } from 'chai';
import { Type } from 'typebox';
import { Ajv } from 'ajv';
import { ToolOutput } from './tool-output.js';
import { publishedOutput } from './published-output.js';
import { shareRecordsAcrossTools, type PublishedOutput } from './shared-records.js';

const AGENT = Type.Object({
  id: Type.Integer(),
  nickname: Type.String({ description: 'Shown to customers.' }),
  email: Type.String(),
  color: Type.String(),
  phone: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
const agent = {
  id: 1,
  nickname: 'Ana',
  email: 'ana@example.com',
  color: '#112233',
  phone: null,
  created_at: '2026-12-02T08:00:00.000Z',
  updated_at: '2026-12-02T08:00:00.000Z',
};

const output = (
  tool: string,
  group: string,
  query: boolean,
  schema: ReturnType<typeof Type.Object>,
): PublishedOutput => ({
  tool,
  group,
  query,
  schema: publishedOutput(new ToolOutput(schema, 'none').schema),
});

describe('publishedOutput', () => {
  it('leaves out descriptions and the branches’ type, and publishes the failure in its short form', () => {
    const published = publishedOutput(new ToolOutput(Type.Object({ agent: AGENT }), 'none').schema);
    expect(JSON.stringify(published)).not.to.include('description');
    expect(published.type).to.equal('object');
    const [ok, failure] = published.anyOf as Record<string, unknown>[];
    expect(ok).not.to.have.property('type');
    expect(failure).to.deep.equal({
      required: ['success', 'error_code', 'message'],
      properties: { success: { const: false } },
    });
    const check = new Ajv({ strict: false }).compile(published);
    expect(check({ success: true, agent })).to.equal(true);
    expect(check({ success: false, error_code: 'agent_not_found', message: 'No agent 9.', agent_id: 9 })).to.equal(
      true,
    );
    expect(check({ success: true, agent: { ...agent, id: 'one' } })).to.equal(false);
    expect(check({ success: false, message: 'no code' })).to.equal(false);
  });

  it('leaves out bounds: a client only checks that an answer fits, the kernel holds it to them', () => {
    const page = Type.Object({
      rate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
      tags: Type.Array(Type.String({ minLength: 1, maxLength: 40 }), { maxItems: 50 }),
      count: Type.Integer({ minimum: 0 }),
    });
    const published = publishedOutput(new ToolOutput(page, 'none').schema);
    const [ok] = published.anyOf as { properties: Record<string, unknown> }[];
    expect(ok!.properties).to.deep.equal({
      success: { const: true },
      rate: { type: ['number', 'null'] },
      tags: { type: 'array', items: { type: 'string' } },
      count: { type: 'integer' },
    });
  });
});

describe('shareRecordsAcrossTools', () => {
  const outputs = [
    output('update_agent', 'agents', false, Type.Object({ agent: AGENT })),
    output('list_agents', 'agents', true, Type.Object({ agents: Type.Array(AGENT), count: Type.Integer() })),
    output('get_agent', 'agents', true, Type.Object({ agent: AGENT })),
    output('find_agent', 'crm', true, Type.Object({ agent: Type.Union([AGENT, Type.Null()]) })),
  ];
  const shared = shareRecordsAcrossTools(outputs);
  const properties = (tool: string) =>
    ((shared.get(tool)!.anyOf as Record<string, unknown>[])[0]!.properties as Record<string, unknown>) ?? {};

  it('describes a record several tools of a group answer in one of them, a get_ query first', () => {
    expect(JSON.stringify(properties('get_agent').agent)).to.include('"nickname"');
    expect(properties('update_agent').agent).to.deep.equal({ type: 'object', description: 'As agent in get_agent.' });
    expect(properties('list_agents').agents).to.deep.equal({
      type: 'array',
      items: { type: 'object', description: 'As agent in get_agent.' },
    });
  });

  it('shares within a group only: a URL or token that lists another group still gets the whole record', () => {
    expect(JSON.stringify(properties('find_agent').agent)).to.include('"nickname"');
  });

  it('keeps each schema self-contained and holding every answer; the tools’ own schemas are left as they were', () => {
    const ajv = new Ajv({ strict: false });
    for (const [tool, answer] of [
      ['update_agent', { success: true, agent }],
      ['list_agents', { success: true, agents: [agent, agent], count: 2 }],
      ['find_agent', { success: true, agent: null }],
    ] as const)
      expect(ajv.compile(shared.get(tool)!)(answer), tool).to.equal(true);
    expect(JSON.stringify(outputs[0]!.schema)).to.include('"nickname"');
  });
});
