import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine } from '../../../test/helpers/ops-kernel.js';
import { bootMarketing, caller } from './helpers.js';

describe('mass_marketing: config and marketing sessions', () => {
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let token: string;
  before(async () => {
    k = await bootMarketing();
    token = (await k.newShop('Config shop')).token;
    c = caller(k, token);
  });
  after(() => k.close());

  describe('get_mass_marketing_config / save_mass_marketing_config', () => {
    it('answers the defaults before the first save', async () => {
      const p = await c.ok('get_mass_marketing_config');
      expect(p.config).to.deep.equal({
        auto_reply_enabled: false,
        auto_reply_text: null,
        auto_reply_translate: false,
        auto_reply_unsubscribe: true,
        require_approval: false,
        approval_threshold: null,
        updated_at: null,
      });
    });

    it('saves only the keys given and keeps the others', async () => {
      const first = await c.ok('save_mass_marketing_config', {
        auto_reply_enabled: true,
        auto_reply_text: ' Thanks! We will reply soon. ',
        approval_threshold: 500,
      });
      expect(first.config).to.include({
        auto_reply_enabled: true,
        auto_reply_text: 'Thanks! We will reply soon.',
        approval_threshold: 500,
        require_approval: false,
        auto_reply_unsubscribe: true,
      });
      const second = await c.ok('save_mass_marketing_config', {
        require_approval: true,
        auto_reply_translate: true,
        auto_reply_unsubscribe: false,
      });
      expect(second.config).to.include({
        auto_reply_enabled: true,
        auto_reply_text: 'Thanks! We will reply soon.',
        require_approval: true,
        auto_reply_translate: true,
        auto_reply_unsubscribe: false,
        approval_threshold: 500,
      });
      const cleared = await c.ok('save_mass_marketing_config', { approval_threshold: null });
      expect(cleared.config.approval_threshold).to.equal(null);
      expect((await c.ok('get_mass_marketing_config')).config).to.deep.equal(cleared.config);
    });

    it('refuses an enabled auto-reply without text, an empty save and bad values', async () => {
      await c.fails('save_mass_marketing_config', { auto_reply_text: null }, 'invalid_arguments', 'auto_reply_text');
      await c.fails('save_mass_marketing_config', {}, 'invalid_arguments');
      await c.fails('save_mass_marketing_config', { approval_threshold: 0 }, 'invalid_arguments', 'approval_threshold');
      await c.fails(
        'save_mass_marketing_config',
        { auto_reply_text: 'x'.repeat(1001) },
        'invalid_arguments',
        'auto_reply_text',
      );
      await c.fails(
        'save_mass_marketing_config',
        { auto_reply_enabled: 'yes' },
        'invalid_arguments',
        'auto_reply_enabled',
      );
      expect((await c.ok('get_mass_marketing_config')).config.auto_reply_text).to.equal('Thanks! We will reply soon.');
    });

    it('each shop has its own config', async () => {
      const other = caller(k, (await k.newShop('Config other')).token);
      expect((await other.ok('get_mass_marketing_config')).config.auto_reply_enabled).to.equal(false);
    });
  });

  describe('assign_marketing_session / get_marketing_sessions', () => {
    it('lists the lines with their flag and enables or disables one for mass marketing', async () => {
      const line = await connectedLine(k, token);
      const idle = (await c.ok('connect_chatapp', { force_new: true, routing_roles: ['operations'] })).session;
      const before = await c.ok('get_marketing_sessions');
      expect(before.count).to.equal(2);
      expect(before.marketing_session_ids).to.deep.equal([]);
      const on = await c.ok('assign_marketing_session', {
        action: 'assign',
        session_id: line.id,
        enable_mass_marketing: true,
      });
      expect(on.session).to.include({ id: line.id, mass_marketing_enabled: true });
      await c.ok('assign_marketing_session', { action: 'assign', session_id: idle.id, enable_mass_marketing: true });
      const after = await c.ok('get_marketing_sessions');
      expect(after.marketing_session_ids).to.deep.equal([line.id, idle.id]);
      expect(after.sendable_session_ids).to.deep.equal([line.id]);
      const off = await c.ok('assign_marketing_session', {
        action: 'assign',
        session_id: idle.id,
        enable_mass_marketing: false,
      });
      expect(off.session.mass_marketing_enabled).to.equal(false);
      expect((await c.ok('get_marketing_sessions')).marketing_session_ids).to.deep.equal([line.id]);
    });

    it('refuses an unknown session and missing arguments', async () => {
      await c.fails(
        'assign_marketing_session',
        { action: 'assign', session_id: 999999, enable_mass_marketing: true },
        'not_found',
      );
      await c.fails(
        'assign_marketing_session',
        { action: 'assign', session_id: 1 },
        'invalid_arguments',
        'enable_mass_marketing',
      );
    });
  });
});
