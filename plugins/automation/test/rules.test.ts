import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine, rows } from '../../../test/helpers/ops-kernel.js';
import { bootAutomation, caller, customerSays, freshPhone, runsOf, sentTo, waitForSent } from './helpers.js';

describe('automation: auto-reply rules', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let token: string;
  let line: { id: number; session_key: string };
  let c: ReturnType<typeof caller>;

  before(async () => {
    k = await bootAutomation();
    ({ token } = await k.shops.create({
      name: 'Tienda Luna',
      timezone: 'Europe/Madrid',
      locale: 'es-ES',
      credits: 1_000_000,
    }));
    c = caller(k, token);
    line = await connectedLine(k, token);
  });
  after(() => k?.close());

  it('a keyword rule answers the keyword, once per message, through the send path (billing source workflow)', async () => {
    const { rule } = await c.ok('create_auto_reply_rule', {
      type: 'keyword',
      name: 'Horario',
      keywords: ['horario', 'abrís'],
      reply_text: 'Hola {nombre}, abrimos de 9 a 18 en {tienda}.',
    });
    expect(rule).to.include({
      type: 'keyword',
      match: 'word',
      when: 'always',
      cooldown_hours: 0,
      ai_reply: false,
      enabled: true,
    });
    const phone = freshPhone();
    await customerSays(k, token, line.session_key, phone, '¿Cuál es el HORÁRIO de hoy?');
    const [sent] = await waitForSent(k, phone, 1);
    expect(sent).to.include({
      // A customer without a name: {nombre} goes with the space before it.
      text: 'Hola, abrimos de 9 a 18 en Tienda Luna.',
      billing_source: 'workflow',
      automatic: true,
    });
    await customerSays(k, token, line.session_key, phone, 'gracias');
    await customerSays(k, token, line.session_key, phone, 'y los horarios del sábado?');
    await waitForSent(k, phone, 2);
    await new Promise((r) => setTimeout(r, 300));
    expect((await sentTo(k, phone)).length, 'no reply to a message without the keyword').to.equal(2);
    const runs = await runsOf(k, phone);
    expect(runs.map((r: any) => [r.rule_id, r.status])).to.deep.equal([
      [rule.id, 'completed'],
      [rule.id, 'completed'],
    ]);
    await c.ok('update_auto_reply_rule', { rule_id: rule.id, enabled: false });
  });

  it('messages the network delivers in one batch are answered as one at a time would be: a second message of a customer meets the cooldown', async () => {
    const { rule } = await c.ok('create_auto_reply_rule', {
      type: 'keyword',
      name: 'Stock',
      keywords: ['stock'],
      reply_text: 'Sí, hay stock.',
      cooldown_hours: 1,
    });
    const [ana, ben] = [freshPhone(), freshPhone()];
    const burst = [
      [ana, '¿hay stock?'],
      [ana, '¿y stock en la talla M?'],
      [ben, 'stock de la gorra'],
    ].map(([from, text], n) => ({
      id: `evt_burst_${line.session_key}_${n}`,
      provider_message_id: `pm_burst_${line.session_key}_${n}`,
      from,
      text,
    }));
    // One statement, so the channel's next delivery takes all three at once.
    await rows(
      k,
      `insert into sandbox_events (engine, event_id, session_key, type, payload, state, attempts, next_attempt_at, created_at)
       select s.engine, e.id, s.session_key, 'message.received',
              jsonb_build_object('id', e.id, 'session_key', s.session_key, 'occurred_at', now(), 'engine', 'sandbox', 'sandbox', true,
                                 'type', 'message.received',
                                 'data', jsonb_build_object('provider_message_id', e.provider_message_id, 'from', e."from", 'text', e.text,
                                                            'media', null, 'timestamp', now())),
              'pending', 0, now(), now()
       from sandbox_sessions s, json_to_recordset(?::json) as e(id text, provider_message_id text, "from" text, text text)
       where s.session_key = ?`,
      [JSON.stringify(burst), line.session_key],
    );
    await waitForSent(k, ana, 1);
    await waitForSent(k, ben, 1);
    await new Promise((r) => setTimeout(r, 300));
    expect((await sentTo(k, ana)).map((m: any) => m.text)).to.deep.equal(['Sí, hay stock.']);
    expect((await runsOf(k, ana)).map((r: any) => r.rule_id)).to.deep.equal([rule.id]);
    expect((await runsOf(k, ben)).map((r: any) => r.rule_id)).to.deep.equal([rule.id]);
    const [conversation] = await rows(k, 'select unread_count from conversations where phone = ?', [ana]);
    expect(conversation.unread_count).to.equal(2);
    await c.ok('update_auto_reply_rule', { rule_id: rule.id, enabled: false });
  });

  it('test_auto_reply_rules names the rule that would answer and renders it, without sending', async () => {
    const { rule } = await c.ok('create_auto_reply_rule', {
      type: 'keyword',
      name: 'Envíos',
      keywords: ['envio'],
      match: 'contains',
      reply_text: 'Enviamos en 24 h, {nombre}.',
      priority: 5,
      cooldown_hours: 2,
    });
    const welcome = (
      await c.ok('create_auto_reply_rule', {
        type: 'welcome',
        name: 'Bienvenida',
        reply_text: '¡Bienvenido a {tienda}!',
      })
    ).rule;
    expect(welcome).to.include({ cooldown_hours: 24, when: 'always' });
    const phone = freshPhone();
    const test = await c.ok('test_auto_reply_rules', { text: 'Envíos a Canarias?', phone });
    expect(test.fires.rule.id).to.equal(rule.id);
    expect(test.fires.reply).to.equal('Enviamos en 24 h.');
    expect(test.matching.map((m: any) => m.rule_id)).to.deep.equal([rule.id, welcome.id]);
    expect(test.situation.first_of_conversation).to.equal(true);
    expect(await sentTo(k, phone)).to.deep.equal([]);

    // The real message: the keyword rule answers; a second one within its cooldown falls to welcome's turn — which is also cooling only after it answered.
    await customerSays(k, token, line.session_key, phone, 'envio a Canarias?');
    await waitForSent(k, phone, 1);
    const after = await c.ok('test_auto_reply_rules', { text: 'otro envio', phone });
    expect(after.matching.find((m: any) => m.rule_id === rule.id).in_cooldown).to.equal(true);
    expect(after.situation.first_of_conversation).to.equal(false);
    await c.ok('update_auto_reply_rule', { rule_id: rule.id, enabled: false });
    await c.ok('update_auto_reply_rule', { rule_id: welcome.id, enabled: false });
  });

  it('a welcome rule greets the first message of a conversation only, once per cooldown', async () => {
    const { rule } = await c.ok('create_auto_reply_rule', {
      type: 'welcome',
      name: 'Hola',
      reply_text: 'Hola, gracias por escribir.',
    });
    const phone = freshPhone();
    await customerSays(k, token, line.session_key, phone, 'buenas');
    await waitForSent(k, phone, 1);
    await customerSays(k, token, line.session_key, phone, 'una pregunta');
    await new Promise((r) => setTimeout(r, 300));
    expect((await sentTo(k, phone)).map((m: any) => m.text)).to.deep.equal(['Hola, gracias por escribir.']);
    await c.ok('delete_auto_reply_rule', { rule_id: rule.id });
  });

  it('an away rule answers only outside business hours', async () => {
    // Closed every day: the away rule answers.
    const closed = Object.fromEntries(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [d, []]),
    );
    await c.ok('update_shop_profile', { business_hours: closed });
    const { rule } = await c.ok('create_auto_reply_rule', {
      type: 'away',
      name: 'Cerrado',
      reply_text: 'Estamos cerrados.',
      cooldown_hours: 0,
    });
    expect(rule.when).to.equal('outside_hours');
    const phone = freshPhone();
    await customerSays(k, token, line.session_key, phone, 'hola?');
    await waitForSent(k, phone, 1);
    // Open all day: silent.
    const open = Object.fromEntries(Object.keys(closed).map((d) => [d, [{ open: '00:00', close: '24:00' }]]));
    await c.ok('update_shop_profile', { business_hours: open });
    await customerSays(k, token, line.session_key, phone, 'hola de nuevo');
    await new Promise((r) => setTimeout(r, 300));
    expect((await sentTo(k, phone)).length).to.equal(1);
    await c.ok('delete_auto_reply_rule', { rule_id: rule.id });
  });

  it('refuses rules that cannot work, with the field', async () => {
    const bad = async (args: Record<string, unknown>, path: string) => {
      const res = await c.fails('create_auto_reply_rule', { name: 'x', ...args }, 'invalid_arguments');
      expect(
        res.errors.map((e: any) => e.path),
        JSON.stringify(res),
      ).to.include(path);
    };
    await bad({ type: 'keyword', reply_text: 'x' }, 'keywords');
    await bad({ type: 'welcome', keywords: ['a'], reply_text: 'x' }, 'keywords');
    await bad({ type: 'welcome' }, 'reply_text');
    await bad({ type: 'welcome', reply_text: 'Hola {name}' }, 'reply_text');
    await bad({ type: 'ai_reply', reply_text: 'x' }, 'reply_text');
    await c.fails(
      'create_auto_reply_rule',
      { type: 'welcome', name: 'x', reply_text: 'x', session_ids: [999999] },
      'not_found',
    );
    await c.fails('update_auto_reply_rule', { rule_id: 999999, enabled: false }, 'not_found');
    const { rule } = await c.ok('create_auto_reply_rule', {
      type: 'welcome',
      name: 'x',
      reply_text: 'x',
      session_ids: [line.id],
      enabled: false,
    });
    await c.fails('update_auto_reply_rule', { rule_id: rule.id }, 'invalid_arguments');
    const listed = await c.ok('list_auto_reply_rules', { type: 'welcome', session_id: line.id });
    expect(listed.rules.map((r: any) => r.id)).to.include(rule.id);
    expect((await c.ok('list_auto_reply_rules', { enabled: true })).rules.map((r: any) => r.id)).not.to.include(
      rule.id,
    );
    expect((await c.ok('delete_auto_reply_rule', { rule_id: rule.id })).deleted).to.equal(true);
    expect((await rows(k, `select count(*)::int n from automation_rules where id = ?`, [rule.id]))[0].n).to.equal(0);
  });
});
