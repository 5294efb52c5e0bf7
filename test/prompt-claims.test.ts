import { expect } from 'chai';
import { bootKernel, type TestKernel } from './helpers/boot.js';
import type { RegisteredTool } from '../core/tools/registered-tool.js';

/** A snake_case word of a prompt's text: a tool's name, an argument's, a field's. */
const WORD = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** Sentences of a prompt's text (a claim and the tools it is about sit in one). */
const sentences = (text: string) => text.split(/(?<=[.!?])\s+|\n/).filter(Boolean);

describe('prompts name only tools that exist, and claim a confirmation only for tools that ask for one', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let token: string;
  let id = 1;
  const rpc = async (method: string, params: Record<string, unknown>) =>
    (await k.rpc({ jsonrpc: '2.0', id: id++, method, params }, token)).body;

  /** Arguments each prompt is fetched with, on the shop seeded below; every prompt needs an entry. */
  const ARGUMENTS: Record<string, Record<string, string>[]> = {
    launch_campaign: [{ list: 'Prompt buyers', goal: 'a sale' }, { list: 'Empty list' }],
    triage_open_tickets: [{}, { priority: 'P1' }],
    answer_customer: [{ phone: '+34600444555', question: 'Where is my order?' }],
    set_up_business_hours: [{}, { hours: 'weekdays 9-14' }],
  };

  before(async () => {
    k = await bootKernel();
    ({ token } = await k.newShop('Prompt shop', { credits: 2_500 }));
    const ok = async (name: string, args: Record<string, unknown>) => {
      const { payload } = await k.call(token, name, args);
      expect(payload.success, JSON.stringify(payload)).to.equal(true);
      return payload;
    };
    const { list } = await ok('create_contact_list', { action: 'create', name: 'Prompt buyers' });
    await ok('add_contacts_to_list', {
      action: 'add',
      list_id: list.id,
      contacts: ['+34600444555', '+34600444556', '+34600444557'].map((phone) => ({ phone })),
    });
    await ok('create_contact_list', { action: 'create', name: 'Empty list' });
    await ok('create_ai_ticket', { action: 'create', title: 'Late parcel', phone: '+34600444555', priority: 'P1' });
  });
  after(async () => {
    await k?.close();
  });

  it('every prompt, fetched on real data, names registered tools only, and only confirmed ones as confirmed', async () => {
    const tools = new Map<string, RegisteredTool>(k.registry.all().map((t) => [t.definition.name, t]));
    // A word is read as a tool when it starts with a tool's verb and is no tool's argument
    // (list_id starts like list_* tools but is an argument).
    const verbs = new Set([...tools.keys()].map((name) => name.split('_')[0]!));
    const argumentNames = new Set([...tools.values()].flatMap((t) => Object.keys(t.inputSchema.properties)));
    const toolsIn = (text: string) =>
      [...text.matchAll(WORD)]
        .map((m) => m[0])
        .filter((word) => verbs.has(word.split('_')[0]!) && !argumentNames.has(word));

    const { result } = await rpc('prompts/list', {});
    const names = result.prompts.map((p: { name: string }) => p.name);
    expect(names).to.include('launch_campaign');
    expect(Object.keys(ARGUMENTS)).to.have.members(names);

    for (const [prompt, calls] of Object.entries(ARGUMENTS)) {
      for (const args of calls) {
        const answer = await rpc('prompts/get', { name: prompt, arguments: args });
        expect(answer.error, `${prompt} ${JSON.stringify(args)}`).to.equal(undefined);
        const text = answer.result.messages
          .map((m: { content: { type: string; text?: string } }) => (m.content.type === 'text' ? m.content.text : ''))
          .join('\n');
        for (const named of toolsIn(text))
          expect(tools.has(named), `${prompt} names ${named}, which is no tool`).to.equal(true);
        for (const sentence of sentences(text).filter((s) => /confirm/i.test(s)))
          for (const named of toolsIn(sentence))
            expect(
              tools.get(named)!.confirmation,
              `${prompt} says “${sentence}”, but ${named} asks for no confirmation`,
            ).to.not.equal('none');
      }
    }
  });

  it('launch_campaign counts the credits a campaign message costs against the balance', async () => {
    const text = (await rpc('prompts/get', { name: 'launch_campaign', arguments: { list: 'Prompt buyers' } })).result
      .messages[0].content.text;
    expect(text)
      .to.include('Each message sent costs 1,000 credits')
      .and.include('needs up to 3,000 credits, and the shop has 2,500 (enough for 2 messages)')
      .and.include('That is not enough for the whole list')
      .and.include('create_campaign')
      .and.include('start_campaign');
  });
});
