import { expect } from 'chai';
import { defineTool, Type } from '../../core/index.js';
import { registerTool } from '../../core/tools/registered-tool.js';
import { bootWithFixture } from '../fixtures/confirm-group/boot-with-fixture.js';
import type { TestKernel } from '../helpers/boot.js';
import { TestDatabase } from '../helpers/test-database.js';
import { callAs, coverageGaps, probeFailure, targetArguments, type IsolationFixture } from './isolation.js';

const tool = (name: string, input: Record<string, any>) =>
  registerTool(
    'g',
    defineTool({
      name,
      title: name,
      description: name,
      kind: 'query',
      hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
      output: Type.Object({}, { additionalProperties: true }),
      input: Type.Object(input),
      handler: async () => ({}),
    }),
  );

const fixtureWith = (exempt: Record<string, string>): IsolationFixture => ({
  groups: ['g'],
  seed: async () => ({}),
  probes: () => [],
  snapshot: async () => null,
  exempt,
});

describe('isolation harness', () => {
  describe('probeFailure', () => {
    it('accepts not_found and an empty success, and says why anything else breaks isolation', () => {
      expect(
        probeFailure({ tool: 't', args: {}, expect: 'not_found' }, { success: false, error_code: 'not_found' }),
      ).to.equal(undefined);
      expect(probeFailure({ tool: 't', args: {}, expect: 'not_found' }, { success: true, thing: { id: 1 } })).to.match(
        /expected not_found, got .*"thing"/,
      );
      expect(
        probeFailure({ tool: 't', args: {}, expect: 'not_found' }, { success: false, error_code: 'invalid_arguments' }),
      ).to.match(/invalid_arguments/);
      const empty = { tool: 't', args: {}, expect: 'empty' as const, isEmpty: (p: any) => p.count === 0 };
      expect(probeFailure(empty, { success: true, count: 0 })).to.equal(undefined);
      expect(probeFailure(empty, { success: true, count: 1 })).to.match(/expected an empty result/);
      expect(probeFailure(empty, { success: false, error_code: 'not_found' })).to.match(/expected an empty success/);
      expect(probeFailure({ tool: 't', args: {}, expect: 'empty' }, { success: true })).to.match(/needs an isEmpty/);
    });
  });

  describe('coverageGaps', () => {
    const tools = [
      tool('get_thing', { thing_id: Type.Integer() }),
      tool('merge_things', { primary_phone: Type.String(), secondary_phone: Type.String() }),
      tool('bulk_things', { thing_ids: Type.Array(Type.Integer()) }),
      tool('by_phone', { phone: Type.String() }),
      tool('by_id', { id: Type.Integer() }),
      tool('search_things', { query: Type.String(), valid: Type.Boolean() }),
    ];

    it('finds the arguments that aim at records: id, *_id, *_ids, phone, *_phone', () => {
      expect(tools.map(targetArguments)).to.deep.equal([
        ['thing_id'],
        ['primary_phone', 'secondary_phone'],
        ['thing_ids'],
        ['phone'],
        ['id'],
        [],
      ]);
    });

    it('names each targeting tool without a probe or an exemption', () => {
      const gaps = coverageGaps(
        fixtureWith({ by_id: 'creates a new record' }),
        [{ tool: 'get_thing', args: {}, expect: 'not_found' }],
        tools,
      );
      expect(gaps).to.deep.equal([
        'merge_things takes primary_phone, secondary_phone but has no probe and no exemption',
        'bulk_things takes thing_ids but has no probe and no exemption',
        'by_phone takes phone but has no probe and no exemption',
      ]);
    });

    it('refuses stale exemptions and exemptions without a reason', () => {
      const gaps = coverageGaps(fixtureWith({ gone_tool: 'x', search_things: 'x', by_id: ' ' }), [], tools.slice(4));
      expect(gaps).to.deep.equal([
        'exemption for gone_tool, which is not a tool of the group',
        'exemption for search_things, which takes no id or phone',
        'exemption for by_id gives no reason',
      ]);
    });
  });

  describe('callAs', () => {
    let db: TestDatabase;
    let k: TestKernel;
    before(async () => {
      db = await TestDatabase.create();
      k = await bootWithFixture(db.url);
    });
    after(async () => {
      await k?.close();
      await db?.drop();
    });

    it('confirms agent- and user-confirmed tools the way their policy says, so calls reach the handler', async () => {
      const asA = callAs(k, (await k.newShop('Harness A')).token);
      const asB = callAs(k, (await k.newShop('Harness B')).token);
      const item = (await asA('fixture_create_item', { action: 'create', name: 'kept', locked: false })).item;
      const probe = {
        tool: 'fixture_delete_item',
        args: { action: 'delete', item_id: item.id },
        expect: 'not_found' as const,
      };
      expect(probeFailure(probe, await asB(probe.tool, probe.args))).to.equal(undefined);
      expect((await asA('fixture_list_items')).items.map((i: any) => i.id)).to.deep.equal([item.id]);
      expect(await asA(probe.tool, probe.args)).to.deep.equal({ success: true, deleted: true, id: item.id });
      const webhook = await asA('fixture_set_webhook', {
        url: 'https://hooks.example/a',
        secret: 'long-enough-secret',
      });
      expect(webhook.success).to.equal(true);
      expect(webhook.webhook.name).to.equal('webhook https://hooks.example/a');
    });
  });
});
