import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { deletionListener } from './fixtures/deletion-listener/index.js';
import { PERMISSION_SECTIONS } from '../services/permissions.js';

const listenerPath = fileURLToPath(new URL('./fixtures/deletion-listener/index.ts', import.meta.url));

describe('agents group', () => {
  let k: TestKernel;
  before(async () => {
    k = await bootKernel({
      groups: ['agents'],
      overrides: { groups: { agents_deletion_listener: { enabled: true, resolve: listenerPath } } },
    });
  });
  after(() => k.close());

  const shop = async (maxAgents = 10) => {
    const { token } = await k.newShop(undefined, { maxAgents });
    return (tool: string, args: Record<string, unknown> = {}) => k.call(token, tool, args).then((r) => r.payload);
  };
  const base = { action: 'create', nickname: 'Ana', full_name: 'Ana López', email: 'ana@example.com' };
  const paths = (p: any) => p.errors.map((e: any) => e.path).sort();

  describe('create_agent', () => {
    it('creates with defaults: colour #2563eb, every permission, no pin or phone, an opaque agent_hash', async () => {
      const call = await shop();
      const p = await call('create_agent', base);
      expect(p.success).to.equal(true);
      const a = p.agent;
      expect(a).to.include({
        nickname: 'Ana',
        full_name: 'Ana López',
        email: 'ana@example.com',
        color: '#2563eb',
        phone: null,
        has_pin: false,
        all_permissions: true,
      });
      expect(a.id).to.be.a('number');
      expect(a.agent_hash).to.match(/^[0-9a-f]{32}$/);
      expect(Object.keys(a.permissions)).to.have.members([...PERMISSION_SECTIONS]);
      for (const s of PERMISSION_SECTIONS) expect(a.permissions[s]).to.deep.equal({ view: true, edit: true });
      expect(a).to.not.have.property('pin');
      expect(new Date(a.created_at).toISOString()).to.equal(a.created_at);
    });

    it('requires action, nickname, full_name and email, naming each', async () => {
      const call = await shop();
      const p = await call('create_agent', {});
      expect(p.error_code).to.equal('invalid_arguments');
      expect(paths(p)).to.include.members(['action', 'nickname', 'full_name', 'email']);
    });

    it('refuses a malformed email, colour or pin, and unknown arguments', async () => {
      const call = await shop();
      const p = await call('create_agent', { ...base, email: 'not-an-email', color: 'blue', pin: '12ab', extra: 1 });
      expect(p.error_code).to.equal('invalid_arguments');
      expect(paths(p)).to.include.members(['email', 'color', 'pin', 'extra']);
      expect((await call('create_agent', { ...base, pin: '123' })).error_code).to.equal('invalid_arguments');
      expect((await call('list_agents')).count).to.equal(0);
    });

    it('refuses blank names after trimming', async () => {
      const call = await shop();
      const p = await call('create_agent', { ...base, nickname: '   ', full_name: ' ' });
      expect(p.error_code).to.equal('invalid_arguments');
      expect(paths(p)).to.deep.equal(['full_name', 'nickname']);
    });

    it('stores the phone in E.164 and refuses an invalid one', async () => {
      const call = await shop();
      const ok = await call('create_agent', { ...base, phone: '0034 600 111 222', color: '#AABBCC' });
      expect(ok.agent).to.include({ phone: '+34600111222', color: '#aabbcc' });
      const bad = await call('create_agent', { ...base, phone: '+34 12' });
      expect(bad.error_code).to.equal('invalid_arguments');
      expect(paths(bad)).to.deep.equal(['phone']);
    });

    it('keeps pins unique in the shop (conflict naming the field), but not across shops', async () => {
      const a = await shop();
      const b = await shop();
      expect((await a('create_agent', { ...base, pin: '1234' })).agent.has_pin).to.equal(true);
      const dup = await a('create_agent', { ...base, nickname: 'Bea', pin: '1234' });
      expect(dup).to.include({ success: false, error_code: 'conflict', field: 'pin' });
      expect((await a('list_agents')).count).to.equal(1);
      expect((await b('create_agent', { ...base, pin: '1234' })).success).to.equal(true);
    });
  });

  describe('permissions', () => {
    it('permissions: sections left out get no access; true means view and edit; edit implies view', async () => {
      const call = await shop();
      const p = await call('create_agent', {
        ...base,
        permissions: { tickets: true, customers: { view: true }, crm: { edit: true } },
      });
      expect(p.agent.all_permissions).to.equal(false);
      expect(p.agent.permissions.tickets).to.deep.equal({ view: true, edit: true });
      expect(p.agent.permissions.customers).to.deep.equal({ view: true, edit: false });
      expect(p.agent.permissions.crm).to.deep.equal({ view: true, edit: true });
      expect(p.agent.permissions.settings).to.deep.equal({ view: false, edit: false });
    });

    it('permissions_json is parsed and gives the same result', async () => {
      const call = await shop();
      const p = await call('create_agent', {
        ...base,
        permissions_json: JSON.stringify({ email: { view: true, edit: false }, stats: true }),
      });
      expect(p.agent.permissions.email).to.deep.equal({ view: true, edit: false });
      expect(p.agent.permissions.stats).to.deep.equal({ view: true, edit: true });
      expect(p.agent.permissions.tickets).to.deep.equal({ view: false, edit: false });
    });

    it('refuses edit with view false, unknown sections and flags', async () => {
      const call = await shop();
      const p1 = await call('create_agent', { ...base, permissions: { tickets: { view: false, edit: true } } });
      expect(p1.error_code).to.equal('invalid_arguments');
      expect(paths(p1)).to.deep.equal(['permissions.tickets.view']);
      const p2 = await call('create_agent', { ...base, permissions: { billing: true } });
      expect(p2.error_code).to.equal('invalid_arguments');
      expect(paths(p2)).to.deep.equal(['permissions.billing']);
      const p3 = await call('create_agent', { ...base, permissions_json: '{"tickets":{"delete":true},"shop":true}' });
      expect(p3.error_code).to.equal('invalid_arguments');
      expect(paths(p3)).to.include.members(['permissions_json.tickets.delete', 'permissions_json.shop']);
      const p4 = await call('create_agent', { ...base, permissions_json: '{"tickets":{"edit":true,"view":false}}' });
      expect(paths(p4)).to.deep.equal(['permissions_json.tickets.view']);
      expect((await call('list_agents')).count).to.equal(0);
    });

    it('refuses permissions_json that is not JSON or not an object', async () => {
      const call = await shop();
      for (const raw of ['{tickets: true', '[]', '"all"', 'null', '{"tickets":"yes"}']) {
        const p = await call('create_agent', { ...base, permissions_json: raw });
        expect(p.error_code, raw).to.equal('invalid_arguments');
        expect(p.errors[0].path, raw).to.match(/^permissions_json/);
      }
    });

    it('refuses permissions_json and permissions together', async () => {
      const call = await shop();
      const p = await call('create_agent', { ...base, permissions_json: '{}', permissions: {} });
      expect(p.error_code).to.equal('invalid_arguments');
      expect(paths(p)).to.deep.equal(['permissions', 'permissions_json']);
    });

    it('an empty permissions object means no access at all', async () => {
      const call = await shop();
      const p = await call('create_agent', { ...base, permissions: {} });
      expect(p.agent.all_permissions).to.equal(false);
      for (const s of PERMISSION_SECTIONS) expect(p.agent.permissions[s]).to.deep.equal({ view: false, edit: false });
    });
  });

  describe('plan cap', () => {
    it('at the cap answers agent_limit_reached with current_count and max_allowed and creates nothing', async () => {
      const call = await shop(2);
      await call('create_agent', base);
      await call('create_agent', { ...base, nickname: 'Bea' });
      const p = await call('create_agent', { ...base, nickname: 'Cai' });
      expect(p).to.include({ success: false, error_code: 'agent_limit_reached', current_count: 2, max_allowed: 2 });
      const list = await call('list_agents');
      expect(list).to.include({ count: 2, max_allowed: 2 });
      await call('delete_agent', { action: 'delete', agent_id: list.agents[0].id });
      expect((await call('create_agent', { ...base, nickname: 'Cai' })).success).to.equal(true);
    });

    it('a plan of 0 agents allows none', async () => {
      const call = await shop(0);
      expect(await call('create_agent', base)).to.include({
        error_code: 'agent_limit_reached',
        current_count: 0,
        max_allowed: 0,
      });
    });

    it('concurrent creates never pass the cap', async () => {
      const call = await shop(3);
      const results = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call('create_agent', { ...base, nickname: `A${i}` })),
      );
      expect(results.filter((r) => r.success)).to.have.length(3);
      const refused = results.filter((r) => !r.success);
      expect(refused).to.have.length(5);
      for (const r of refused)
        expect(r).to.include({ error_code: 'agent_limit_reached', current_count: 3, max_allowed: 3 });
      expect((await call('list_agents')).count).to.equal(3);
    });
  });

  describe('list_agents and get_agent', () => {
    it('pages with count = all matches, filters by query over nickname, name and email', async () => {
      const call = await shop();
      for (const [nickname, email] of [
        ['Ana', 'ana@x.com'],
        ['Bea', 'bea@x.com'],
        ['Cai', 'cai@y.org'],
        ['Dan_1', 'dan@y.org'],
      ]) {
        await call('create_agent', { ...base, nickname, full_name: `${nickname} Surname`, email });
      }
      const page = await call('list_agents', { limit: 3 });
      expect(page).to.include({ count: 4, limit: 3, offset: 0, has_more: true, max_allowed: 10 });
      expect(page.agents.map((a: any) => a.nickname)).to.deep.equal(['Ana', 'Bea', 'Cai']);
      const rest = await call('list_agents', { limit: 3, offset: 3 });
      expect(rest).to.include({ count: 4, has_more: false });
      expect(rest.agents.map((a: any) => a.nickname)).to.deep.equal(['Dan_1']);
      expect((await call('list_agents', { query: 'Y.ORG' })).agents.map((a: any) => a.nickname)).to.deep.equal([
        'Cai',
        'Dan_1',
      ]);
      expect((await call('list_agents', { query: '_' })).count).to.equal(1);
      expect((await call('list_agents', { query: 'zzz' })).count).to.equal(0);
      expect((await call('list_agents', { limit: 0 })).error_code).to.equal('invalid_arguments');
    });

    it("get_agent returns the record; an unknown id or another shop's id is not_found", async () => {
      const a = await shop();
      const b = await shop();
      const { agent } = await a('create_agent', base);
      expect((await a('get_agent', { agent_id: agent.id })).agent).to.deep.equal(agent);
      expect((await a('get_agent', { agent_id: 999999 })).error_code).to.equal('not_found');
      expect((await b('get_agent', { agent_id: agent.id })).error_code).to.equal('not_found');
    });
  });

  describe('update_agent', () => {
    it('changes only the given fields, with the same validations', async () => {
      const call = await shop();
      const { agent } = await call('create_agent', { ...base, phone: '+34600111222', pin: '1111' });
      const p = await call('update_agent', { agent_id: agent.id, nickname: 'Annie', color: '#FF0000' });
      expect(p.agent).to.include({
        nickname: 'Annie',
        color: '#ff0000',
        full_name: 'Ana López',
        phone: '+34600111222',
        has_pin: true,
        agent_hash: agent.agent_hash,
      });
      const bad = await call('update_agent', { agent_id: agent.id, email: 'x', phone: '123', nickname: ' ' });
      expect(bad.error_code).to.equal('invalid_arguments');
      expect(paths(bad)).to.deep.equal(['email']);
      const bad2 = await call('update_agent', { agent_id: agent.id, phone: '123', nickname: ' ' });
      expect(paths(bad2)).to.deep.equal(['nickname', 'phone']);
      expect((await call('get_agent', { agent_id: agent.id })).agent.nickname).to.equal('Annie');
    });

    it('phone or pin null removes them', async () => {
      const call = await shop();
      const { agent } = await call('create_agent', { ...base, phone: '+34600111222', pin: '1111' });
      const p = await call('update_agent', { agent_id: agent.id, phone: null, pin: null });
      expect(p.agent).to.include({ phone: null, has_pin: false });
    });

    it("pin stays unique: taking another agent's pin is a conflict, keeping one's own is fine", async () => {
      const call = await shop();
      const a = (await call('create_agent', { ...base, pin: '1111' })).agent;
      const b = (await call('create_agent', { ...base, nickname: 'Bea', pin: '2222' })).agent;
      expect(await call('update_agent', { agent_id: b.id, pin: '1111' })).to.include({
        error_code: 'conflict',
        field: 'pin',
      });
      expect((await call('update_agent', { agent_id: a.id, pin: '1111' })).success).to.equal(true);
      await call('update_agent', { agent_id: a.id, pin: null });
      expect((await call('update_agent', { agent_id: b.id, pin: '1111' })).success).to.equal(true);
    });

    it('replaces permissions, and all_permissions gives every permission back', async () => {
      const call = await shop();
      const { agent } = await call('create_agent', base);
      const restricted = await call('update_agent', {
        agent_id: agent.id,
        permissions_json: '{"tickets":{"view":true}}',
      });
      expect(restricted.agent.all_permissions).to.equal(false);
      expect(restricted.agent.permissions.tickets).to.deep.equal({ view: true, edit: false });
      expect(restricted.agent.permissions.customers).to.deep.equal({ view: false, edit: false });
      const replaced = await call('update_agent', { agent_id: agent.id, permissions: { customers: true } });
      expect(replaced.agent.permissions.tickets).to.deep.equal({ view: false, edit: false });
      expect(replaced.agent.permissions.customers).to.deep.equal({ view: true, edit: true });
      const all = await call('update_agent', { agent_id: agent.id, all_permissions: true });
      expect(all.agent.all_permissions).to.equal(true);
      expect(all.agent.permissions.settings).to.deep.equal({ view: true, edit: true });
      const both = await call('update_agent', { agent_id: agent.id, all_permissions: true, permissions: {} });
      expect(paths(both)).to.deep.equal(['all_permissions', 'permissions']);
      expect((await call('update_agent', { agent_id: agent.id, all_permissions: false })).error_code).to.equal(
        'invalid_arguments',
      );
    });

    it('needs a field to change; an unknown or foreign agent is not_found', async () => {
      const a = await shop();
      const b = await shop();
      const { agent } = await a('create_agent', base);
      expect(await a('update_agent', { agent_id: agent.id })).to.include({ error_code: 'invalid_arguments' });
      expect((await a('update_agent', { agent_id: 999999, nickname: 'X' })).error_code).to.equal('not_found');
      expect((await b('update_agent', { agent_id: agent.id, nickname: 'X' })).error_code).to.equal('not_found');
      expect((await a('get_agent', { agent_id: agent.id })).agent.nickname).to.equal('Ana');
    });
  });

  describe('delete_agent', () => {
    beforeEach(() => {
      deletionListener.received = [];
      deletionListener.failNext = false;
    });

    it('deletes, emits agents.deleted { agent_id }, and then answers not_found', async () => {
      const call = await shop();
      const { agent } = await call('create_agent', base);
      expect(await call('delete_agent', { action: 'delete', agent_id: agent.id })).to.deep.equal({
        success: true,
        deleted: true,
        id: agent.id,
      });
      expect(deletionListener.received).to.deep.equal([{ agent_id: agent.id }]);
      expect((await call('get_agent', { agent_id: agent.id })).error_code).to.equal('not_found');
      expect((await call('delete_agent', { action: 'delete', agent_id: agent.id })).error_code).to.equal('not_found');
      expect((await call('delete_agent', { agent_id: agent.id })).error_code).to.equal('invalid_arguments');
    });

    it('a failing listener rolls the delete back', async () => {
      const call = await shop();
      const { agent } = await call('create_agent', base);
      deletionListener.failNext = true;
      const p = await call('delete_agent', { action: 'delete', agent_id: agent.id });
      expect(p.error_code).to.equal('internal_error');
      expect((await call('get_agent', { agent_id: agent.id })).agent.id).to.equal(agent.id);
    });

    it("another shop's agent is not_found and stays", async () => {
      const a = await shop();
      const b = await shop();
      const { agent } = await a('create_agent', base);
      expect((await b('delete_agent', { action: 'delete', agent_id: agent.id })).error_code).to.equal('not_found');
      expect(deletionListener.received).to.deep.equal([]);
      expect((await a('get_agent', { agent_id: agent.id })).success).to.equal(true);
    });
  });
});
