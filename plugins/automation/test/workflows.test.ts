import { expect } from 'chai';
import { DateTime } from 'luxon';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { FakeOpenAi } from '../../../test/helpers/fake-openai.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { connectedLine, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import {
  bootAutomation,
  caller,
  customerSays,
  freshPhone,
  runsOf,
  sentTo,
  wakeNow,
  waitForRun,
  waitForSent,
} from './helpers.js';
import { base, INVALID } from './invalid-definitions.js';

const menu = (keyword: string) => ({
  trigger: {
    type: 'message_received',
    conditions: { all: [{ attribute: 'message.text', operator: 'has_any_keyword', value: [keyword] }] },
  },
  steps: [
    {
      id: 'ask',
      type: 'ask_question',
      params: {
        text: 'Elige 1) Pedido 2) Horario',
        save_as: 'option',
        validation: 'option',
        options: ['Pedido', 'Horario'],
        retry_text: 'Responde 1 o 2',
      },
      paths: { timeout: 'bye', invalid: 'bye' },
    },
    {
      id: 'route',
      type: 'branch',
      params: {
        branches: [
          { when: { all: [{ attribute: 'var.option', operator: 'equals', value: 'horario' }] }, next: 'hours' },
        ],
      },
      next: 'order',
    },
    { id: 'order', type: 'send_message', params: { text: 'Dinos tu número de pedido.' }, next: null },
    { id: 'hours', type: 'send_message', params: { text: 'Abrimos de 9 a 18, {nombre}.' }, next: null },
    { id: 'bye', type: 'send_message', params: { text: 'Hasta luego.' } },
  ],
});

describe('automation: workflows', function () {
  this.timeout(90_000);
  let k: TestKernel;
  let token: string;
  let shopId: number;
  let line: { id: number; session_key: string };
  let c: ReturnType<typeof caller>;
  const says = (phone: string, text: string) => customerSays(k, token, line.session_key, phone, text);
  const press = (url: string, button: 'approve' | 'reject') =>
    k.app.inject({
      method: 'POST',
      url: `${new URL(url).pathname}/${button}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });

  before(async () => {
    k = await bootAutomation();
    ({ token, shopId } = await k.shops.create({
      name: 'Tienda Sol',
      timezone: 'Europe/Madrid',
      locale: 'es-ES',
      credits: 1_000_000,
    }));
    c = caller(k, token);
    line = await connectedLine(k, token);
  });
  after(() => k?.close());

  describe('definitions', () => {
    it(`refuses each of ${INVALID.length} broken definitions with the JSON path of the problem`, async () => {
      expect(INVALID.length).to.be.at.least(30);
      expect((await c.ok('validate_workflow', { definition: base() })).valid).to.equal(true);
      for (const [what, definition, path] of INVALID) {
        const result = await c.ok('validate_workflow', { definition });
        expect(result.valid, what).to.equal(false);
        expect(
          result.errors.map((e: any) => e.path),
          `${what}: ${JSON.stringify(result.errors)}`,
        ).to.include(path);
      }
      const refused = await c.fails(
        'create_workflow',
        { name: 'Broken', ...(INVALID[32]![1] as object) },
        'invalid_arguments',
      );
      expect(refused.errors.map((e: any) => e.path)).to.include('steps.1.next');
    });

    it('warns about steps never reached; the catalogue lists triggers, steps and limits', async () => {
      const def = base();
      def.steps[1]!.next = null;
      (def.steps[0] as any).paths = {};
      const { warnings } = await c.ok('validate_workflow', { definition: def });
      expect(warnings.map((w: any) => w.path)).to.deep.equal(['steps.2']);
      const catalog = await c.ok('get_automation_catalog');
      expect(catalog.triggers).to.include.members(['message_received', 'customer_tagged', 'manual']);
      expect(catalog.steps.map((s: any) => s.type)).to.include.members([
        'send_message',
        'ask_question',
        'http_request',
        'ai_reply',
      ]);
      expect(catalog.limits).to.include({
        stepsPerWorkflow: 100,
        jumpsPerRun: 10,
        triggerDepth: 3,
        activeWorkflowsPerShop: 100,
      });
    });

    it('create, get, update (a new version), duplicate, list, delete', async () => {
      const { workflow } = await c.ok('create_workflow', { name: 'Bienvenida', ...base() });
      expect(workflow).to.include({ status: 'draft', version: 1, trigger_type: 'message_received', steps: 3 });
      const renamed = await c.ok('update_workflow', { workflow_id: workflow.id, name: 'Bienvenida 2' });
      expect(renamed).to.deep.include({ new_version: false });
      const edited = await c.ok('update_workflow', {
        workflow_id: workflow.id,
        settings: { error_policy: 'continue' },
      });
      expect(edited.new_version).to.equal(true);
      expect(edited.workflow.version).to.equal(2);
      const detail = await c.ok('get_workflow', { workflow_id: workflow.id });
      expect(detail.workflow.definition.settings).to.deep.equal({ error_policy: 'continue' });
      expect(detail.validation.valid).to.equal(true);
      const copy = (await c.ok('duplicate_workflow', { workflow_id: workflow.id })).workflow;
      expect(copy).to.include({ name: 'Bienvenida 2 (copy)', status: 'draft', version: 1 });
      const listed = await c.ok('list_chatapp_workflows', { query: 'bienvenida 2' });
      expect(listed.workflows.map((w: any) => w.id)).to.deep.equal([workflow.id, copy.id]);
      expect((await c.ok('list_chatapp_workflows', { status: 'active', query: 'bienvenida' })).count).to.equal(0);
      await c.fails('update_workflow', { workflow_id: workflow.id }, 'invalid_arguments');
      await c.fails(
        'update_workflow',
        { workflow_id: workflow.id, steps: [{ id: 'x', type: 'nope' }] },
        'invalid_arguments',
      );
      expect((await c.ok('delete_workflow', { workflow_id: copy.id })).deleted).to.equal(true);
      await c.fails('get_workflow', { workflow_id: copy.id }, 'not_found');
      await c.ok('delete_workflow', { workflow_id: workflow.id });
    });

    it('templates become drafts, with overrides', async () => {
      const { templates } = await c.ok('list_workflow_templates');
      expect(templates.map((t: any) => t.key)).to.include.members([
        'welcome',
        'away',
        'keyword_menu',
        'lead_qualification',
        'abandoned_cart',
        'review_request',
        'handoff_after_no_answer',
      ]);
      for (const t of templates)
        expect((await c.ok('validate_workflow', { definition: t.definition })).valid, t.key).to.equal(true);
      const { workflow } = await c.ok('create_workflow_from_template', {
        template_key: 'welcome',
        overrides: { texts: { greet: 'Bienvenido a {tienda}' } },
      });
      expect(workflow).to.include({ name: 'Welcome', status: 'draft', trigger_type: 'conversation_opened' });
      expect(
        (await c.ok('get_workflow', { workflow_id: workflow.id })).workflow.definition.steps[0].params.text,
      ).to.equal('Bienvenido a {tienda}');
      await c.fails(
        'create_workflow_from_template',
        { template_key: 'welcome', overrides: { texts: { nope: 'x' } } },
        'invalid_arguments',
      );
      await c.fails('create_workflow_from_template', { template_key: 'nope' }, 'not_found');
      await c.ok('delete_workflow', { workflow_id: workflow.id });
    });
  });

  describe('runs', () => {
    it('a question, a wrong answer retried, the right one branches; the run log shows each step', async () => {
      const { workflow } = await c.ok('create_workflow', { name: 'Menú', ...menu('menu'), enabled: true });
      expect(workflow.status).to.equal('active');
      const phone = freshPhone();
      await says(phone, 'quiero el menu');
      await waitForSent(k, phone, 1);
      const waiting = await waitForRun(k, phone, ['waiting']);
      await says(phone, 'tres');
      await waitForSent(k, phone, 2);
      await says(phone, '2');
      await waitForRun(k, phone, ['completed']);
      expect((await sentTo(k, phone)).map((m: any) => m.text)).to.deep.equal([
        'Elige 1) Pedido 2) Horario',
        'Responde 1 o 2',
        'Abrimos de 9 a 18.',
      ]);
      const keys = (await sentTo(k, phone)).map((m: any) => m.idempotency_key);
      expect(keys).to.deep.equal([
        `workflow-run-${waiting.id}-step-ask-1`,
        `workflow-run-${waiting.id}-step-ask-1-retry-1`,
        `workflow-run-${waiting.id}-step-hours-1`,
      ]);
      const { run, steps, messages_sent } = await c.ok('get_chatapp_workflow_run', { run_id: waiting.id });
      expect(run).to.include({
        status: 'completed',
        workflow_id: workflow.id,
        version: 1,
        trigger_type: 'message_received',
      });
      expect(run.variables).to.deep.equal({ option: 'Horario' });
      expect(steps.map((s: any) => [s.step_id, s.outcome])).to.deep.equal([
        ['ask', 'waiting'],
        ['ask', 'waiting'],
        ['ask', 'ok'],
        ['route', 'ok'],
        ['hours', 'ok'],
      ]);
      expect(messages_sent).to.equal(3);
      const listed = await c.ok('list_chatapp_workflow_runs', { workflow_id: workflow.id, phone, status: 'completed' });
      expect(listed.runs.map((r: any) => r.id)).to.deep.equal([waiting.id]);
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [workflow.id], enabled: false });
    });

    it('a question not answered in time takes its timeout exit; a live run blocks re-entry, once_per_contact blocks for ever', async () => {
      const def = menu('catalogo');
      (def as any).settings = { once_per_contact: true };
      const { workflow } = await c.ok('create_workflow', { name: 'Catálogo', ...def, enabled: true });
      const phone = freshPhone();
      await says(phone, 'catalogo');
      const run = await waitForRun(k, phone, ['waiting']);
      await rows(
        k,
        `update automation_runs set step_state = step_state || '{"deadline":"2000-01-01T00:00:00.000Z"}'::jsonb where id = ?`,
        [run.id],
      );
      await wakeNow(k, run.id);
      await waitFor('the timeout exit', async () =>
        (await sentTo(k, phone)).some((m: any) => m.text === 'Hasta luego.'),
      );
      await waitForRun(k, phone, ['completed']);
      await says(phone, 'catalogo otra vez');
      const skipped = await waitForRun(k, phone, ['skipped']);
      expect(skipped.reason).to.match(/^once_per_contact/);
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [workflow.id], enabled: false });
    });

    it('waits until a weekday counted 0 Sunday … 6 Saturday, at a time of the shop’s clock', async () => {
      const { workflow } = await c.ok('create_workflow', {
        name: 'Domingo',
        trigger: { type: 'manual' },
        steps: [
          { id: 'wait', type: 'wait', params: { until_weekday: 0, until_time: '09:30' } },
          { id: 'after', type: 'send_message', params: { text: 'Buen domingo' } },
        ],
        enabled: true,
      });
      const phone = freshPhone();
      const { run } = await c.ok('run_workflow', { workflow_id: workflow.id, phone });
      await waitForRun(k, phone, ['waiting']);
      const { run: shown } = await c.ok('get_chatapp_workflow_run', { run_id: run.id });
      const wake = DateTime.fromISO(shown.wake_at, { zone: 'Europe/Madrid' });
      expect([wake.weekday, wake.hour, wake.minute]).to.deep.equal([7, 9, 30]);
      expect(wake.diffNow('days').days).to.be.within(0, 7);
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [workflow.id], enabled: false });
    });

    it('waits in the shop’s time; an edited workflow leaves running runs on their version; disabling holds them, enabling resumes', async () => {
      const { workflow } = await c.ok('create_workflow', {
        name: 'Espera',
        trigger: { type: 'manual' },
        steps: [
          { id: 'wait', type: 'wait', params: { minutes: 60 } },
          { id: 'after', type: 'send_message', params: { text: 'Versión uno' } },
        ],
        enabled: true,
      });
      const phone = freshPhone();
      const { run } = await c.ok('run_workflow', { workflow_id: workflow.id, phone });
      const waiting = await waitForRun(k, phone, ['waiting']);
      const { run: shown } = await c.ok('get_chatapp_workflow_run', { run_id: run.id });
      expect(new Date(shown.wake_at).getTime() - Date.now()).to.be.within(59 * 60_000, 61 * 60_000);
      await c.ok('update_workflow', {
        workflow_id: workflow.id,
        steps: [
          { id: 'wait', type: 'wait', params: { minutes: 60 } },
          { id: 'after', type: 'send_message', params: { text: 'Versión dos' } },
        ],
      });
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [workflow.id], enabled: false });
      await wakeNow(k, waiting.id);
      const held = await waitFor('the run to be held', async () => {
        const [r] = await rows(k, `select status, waiting_for from automation_runs where id = ?`, [run.id]);
        return r.waiting_for === 'workflow' && r;
      });
      expect(held.status).to.equal('waiting');
      expect(await sentTo(k, phone)).to.deep.equal([]);
      const toggled = await c.ok('bulk_toggle_workflows', {
        action: 'bulk',
        workflow_ids: [workflow.id],
        enabled: true,
      });
      expect(toggled.changed).to.deep.equal([workflow.id]);
      // The wait is over (it was woken while held): the run goes on, on version 1.
      const [sent] = await waitForSent(k, phone, 1);
      expect(sent.text).to.equal('Versión uno');
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [workflow.id], enabled: false });
    });

    it('run_workflow takes only the declared variables; cancel stops a live run; retry resumes a failed one at its step', async () => {
      const { workflow } = await c.ok('create_workflow', {
        name: 'Carrito',
        trigger: { type: 'manual' },
        steps: [
          { id: 'wait', type: 'wait', params: { minutes: 30 } },
          { id: 'remind', type: 'send_message', params: { text: 'Tu carrito: {var.cart_url}' } },
        ],
        settings: { inputs: ['cart_url'] },
      });
      await c.fails(
        'run_workflow',
        { workflow_id: workflow.id, phone: freshPhone(), variables: { coupon: 'x' } },
        'invalid_arguments',
      );
      await c.fails('run_workflow', { workflow_id: workflow.id, phone: 'nope' }, 'invalid_arguments');
      const phone = freshPhone();
      const { run } = await c.ok('run_workflow', {
        workflow_id: workflow.id,
        phone,
        variables: { cart_url: 'https://t.es/c/1' },
      });
      expect(run).to.include({ status: 'queued', trigger_type: 'manual' });
      await waitForRun(k, phone, ['waiting']);
      expect((await c.ok('cancel_workflow_run', { run_id: run.id })).run).to.include({
        status: 'cancelled',
        reason: 'cancelled by the shop',
      });
      await c.fails('cancel_workflow_run', { run_id: run.id }, 'invalid_state');
      await c.fails('retry_workflow_run', { run_id: run.id }, 'invalid_state');

      // An opted-out customer: the send path refuses, the run fails at the step; after opting back in, retry sends once.
      const optedOut = freshPhone();
      await c.ok('add_chatapp_optout', { action: 'add', phone: optedOut });
      const second = (
        await c.ok('run_workflow', {
          workflow_id: workflow.id,
          phone: optedOut,
          variables: { cart_url: 'https://t.es/c/2' },
        })
      ).run;
      await waitForRun(k, optedOut, ['waiting']);
      await wakeNow(k, second.id);
      const failed = await waitForRun(k, optedOut, ['failed']);
      expect(failed).to.include({ error_code: 'opted_out', step_id: 'remind' });
      await c.ok('remove_chatapp_optout', { phone: optedOut });
      expect((await c.ok('retry_workflow_run', { run_id: second.id })).run.status).to.equal('queued');
      await waitForRun(k, optedOut, ['completed']);
      expect((await sentTo(k, optedOut)).map((m: any) => m.text)).to.deep.equal(['Tu carrito: https://t.es/c/2']);
      const stats = await c.ok('get_automation_stats', { workflow_id: workflow.id });
      expect(stats.runs).to.include({ cancelled: 1, completed: 1 });
      expect(stats.messages_sent).to.equal(1);
      expect(stats.failures).to.deep.include({ step_type: 'send_message', error_code: 'opted_out', count: 1 });
      await c.fails('get_automation_stats', { workflow_id: 999_999 }, 'not_found');
    });

    it('20 failed runs in a row pause the workflow (failing)', async () => {
      const { workflow } = await c.ok('create_workflow', {
        name: 'Siempre falla',
        trigger: { type: 'manual' },
        steps: [{ id: 'send', type: 'send_message', params: { text: 'x' } }],
        enabled: true,
      });
      await rows(k, `update automation_workflows set consecutive_failures = 19 where id = ?`, [workflow.id]);
      const phone = freshPhone();
      await c.ok('add_chatapp_optout', { action: 'add', phone });
      await c.ok('run_workflow', { workflow_id: workflow.id, phone });
      await waitForRun(k, phone, ['failed']);
      const { workflow: paused } = await c.ok('get_workflow', { workflow_id: workflow.id });
      expect(paused).to.include({ status: 'paused', pause_reason: 'failing' });
      await c.fails('run_workflow', { workflow_id: workflow.id, phone }, 'invalid_state');
      expect((await c.ok('get_automation_stats', {})).paused_workflows.map((w: any) => w.id)).to.include(workflow.id);
    });
  });

  describe('loops and guards', () => {
    it('two workflows that trigger each other through tags stop at the loop guard', async () => {
      const pingpong = (from: string, to: string) => ({
        trigger: { type: 'customer_tagged', tag: from },
        steps: [
          { id: 'untag', type: 'remove_tag', params: { tag: from } },
          { id: 'say', type: 'send_message', params: { text: `${from} → ${to}` } },
          { id: 'tag', type: 'add_tag', params: { tag: to } },
        ],
      });
      const a = (await c.ok('create_workflow', { name: 'Ping', ...pingpong('ping', 'pong'), enabled: true })).workflow;
      const b = (await c.ok('create_workflow', { name: 'Pong', ...pingpong('pong', 'ping'), enabled: true })).workflow;
      const phone = freshPhone();
      await c.ok('add_customer_tag', { action: 'add', phone, tag_name: 'ping' });
      await waitFor('the loop guard to refuse', async () =>
        (await runsOf(k, phone)).some((r: any) => r.status === 'skipped'),
      );
      await waitFor('no live run', async () =>
        (await runsOf(k, phone)).every((r: any) => ['completed', 'skipped'].includes(r.status)),
      );
      const runs = await runsOf(k, phone);
      expect(runs.map((r: any) => [r.workflow_id, r.status])).to.deep.equal([
        [a.id, 'skipped'],
        [b.id, 'completed'],
        [a.id, 'completed'],
      ]);
      expect(runs[0].reason).to.match(/^loop_guard/);
      expect((await sentTo(k, phone)).length).to.be.at.most(3);
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [a.id, b.id], enabled: false });
    });

    it('a customer who answers like a bot (3 replies within 2 s) is left alone for a day', async () => {
      const { rule } = await c.ok('create_auto_reply_rule', {
        type: 'keyword',
        name: 'Eco',
        keywords: ['eco'],
        reply_text: 'eco recibido',
      });
      const phone = freshPhone();
      for (let i = 1; i <= 4; i++) {
        await says(phone, `eco ${i}`);
        await waitForSent(k, phone, Math.min(i, 3));
      }
      await new Promise((r) => setTimeout(r, 400));
      expect((await sentTo(k, phone)).length).to.equal(3);
      const [contact] = await rows(k, `select paused_until from automation_contacts where phone = ?`, [phone]);
      expect(new Date(contact.paused_until).getTime()).to.be.greaterThan(Date.now() + 23 * 3_600_000);
      await c.ok('delete_auto_reply_rule', { rule_id: rule.id });
    });

    it('test_workflow runs a definition dry: the trace, the jump limit, nothing sent', async () => {
      const phone = freshPhone();
      const dry = await c.ok('test_workflow', {
        definition: menu('menu'),
        event: { text: 'el menu por favor', phone },
        answers: ['x', '1'],
      });
      expect(dry).to.include({ trigger_matched: true, status: 'completed' });
      expect(dry.trace.map((t: any) => t.step_id)).to.deep.equal(['ask', 'ask', 'ask', 'route', 'order']);
      expect(dry.actions.map((a: any) => a.text)).to.deep.equal([
        'Elige 1) Pedido 2) Horario',
        'Responde 1 o 2',
        'Dinos tu número de pedido.',
      ]);
      expect(dry.variables).to.deep.equal({ option: 'Pedido' });
      const loop = {
        trigger: { type: 'manual' },
        steps: [
          { id: 'ask', type: 'ask_question', params: { text: '¿Otra?', save_as: 'a' } },
          { id: 'again', type: 'jump_to', params: { step: 'ask' } },
        ],
      };
      const jumped = await c.ok('test_workflow', {
        definition: loop,
        answers: Array.from({ length: 15 }, (_, i) => `r${i}`),
      });
      expect(jumped.status).to.equal('failed');
      expect(jumped.error.code).to.equal('jump_limit');
      const unmatched = await c.ok('test_workflow', { definition: menu('menu'), event: { text: 'hola' } });
      expect(unmatched).to.include({ trigger_matched: false, status: 'not_triggered' });
      expect(unmatched.trace).to.deep.equal([]);
      expect(unmatched.actions).to.deep.equal([]);
      expect(await sentTo(k, phone)).to.deep.equal([]);
      expect((await rows(k, `select count(*)::int n from automation_runs where phone = ?`, [phone]))[0].n).to.equal(0);
    });
  });

  describe('bulk tools', () => {
    it('bulk_toggle_workflows is all or nothing and lists what did not change', async () => {
      const one = (await c.ok('create_workflow', { name: 'T1', ...base() })).workflow;
      const two = (await c.ok('create_workflow', { name: 'T2', ...base(), enabled: true })).workflow;
      const missing = await c.fails(
        'bulk_toggle_workflows',
        { action: 'bulk', workflow_ids: [one.id, 999_999], enabled: true },
        'not_found',
      );
      expect(missing.ids).to.deep.equal([999_999]);
      await c.fails(
        'bulk_toggle_workflows',
        { action: 'bulk', workflow_ids: [one.id, one.id], enabled: true },
        'invalid_arguments',
      );
      expect((await c.ok('get_workflow', { workflow_id: one.id })).workflow.status).to.equal('draft');
      const toggled = await c.ok('bulk_toggle_workflows', {
        action: 'bulk',
        workflow_ids: [one.id, two.id],
        enabled: true,
      });
      expect(toggled).to.deep.include({ changed: [one.id], unchanged: [two.id] });
      // A definition that no longer validates (its trigger_workflow target is gone) cannot be enabled; nothing changes.
      const target = (
        await c.ok('create_workflow', {
          name: 'Target',
          trigger: { type: 'manual' },
          steps: [{ id: 'e', type: 'end' }],
        })
      ).workflow;
      const caller3 = (
        await c.ok('create_workflow', {
          name: 'T3',
          trigger: { type: 'manual' },
          steps: [{ id: 'go', type: 'trigger_workflow', params: { workflow_id: target.id } }],
        })
      ).workflow;
      await c.ok('delete_workflow', { workflow_id: target.id });
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [one.id], enabled: false });
      const refused = await c.fails(
        'bulk_toggle_workflows',
        { action: 'bulk', workflow_ids: [one.id, caller3.id], enabled: true },
        'invalid_state',
      );
      expect(refused.invalid.map((i: any) => i.id)).to.deep.equal([caller3.id]);
      expect(refused.invalid[0].errors[0].path).to.equal('steps.0.params.workflow_id');
      expect((await c.ok('get_workflow', { workflow_id: one.id })).workflow).to.include({
        status: 'paused',
        pause_reason: 'manual',
      });
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [two.id], enabled: false });
    });

    it('bulk_delete_workflows waits for the user’s button: a repeat invalidates, confirm: true does not execute, approval deletes and cancels live runs', async () => {
      const keep = (await c.ok('create_workflow', { name: 'Keep', ...base() })).workflow;
      const doomed = (
        await c.ok('create_workflow', {
          name: 'Doomed',
          trigger: { type: 'manual' },
          steps: [
            { id: 'w', type: 'wait', params: { minutes: 60 } },
            { id: 's', type: 'send_message', params: { text: 'x' } },
          ],
        })
      ).workflow;
      const phone = freshPhone();
      await c.ok('run_workflow', { workflow_id: doomed.id, phone });
      await waitForRun(k, phone, ['waiting']);
      await c.fails('bulk_delete_workflows', { action: 'bulk', workflow_ids: [doomed.id, 999_999] }, 'not_found');
      await c.fails(
        'bulk_delete_workflows',
        { action: 'bulk', workflow_ids: [doomed.id, doomed.id] },
        'invalid_arguments',
      );
      const first = (
        await k.call(token, 'bulk_delete_workflows', { action: 'bulk', workflow_ids: [doomed.id, keep.id] })
      ).payload;
      expect(first).to.include({ success: false, requires_confirmation: true });
      expect(first.message).to.match(/Stop now/);
      expect(first.summary ?? first.message).to.match(/Doomed.*1 live runs to cancel/);
      const again = (
        await k.call(token, 'bulk_delete_workflows', { action: 'bulk', workflow_ids: [doomed.id], confirm: true })
      ).payload;
      expect(again).to.include({ requires_confirmation: true, invalidated_previous: 1 });
      await press(first.confirmation_url, 'approve');
      expect((await c.ok('get_workflow', { workflow_id: keep.id })).workflow.id).to.equal(keep.id);
      expect((await c.ok('get_workflow', { workflow_id: doomed.id })).workflow.id).to.equal(doomed.id);
      const page = await press(again.confirmation_url, 'approve');
      expect(page.statusCode).to.equal(200);
      await c.fails('get_workflow', { workflow_id: doomed.id }, 'not_found');
      expect((await c.ok('get_workflow', { workflow_id: keep.id })).workflow.id).to.equal(keep.id);
      const [run] = await runsOf(k, phone);
      expect(run).to.include({ status: 'cancelled', reason: 'workflow_deleted' });
      expect((await c.ok('get_chatapp_workflow_run', { run_id: run.id })).run.status).to.equal('cancelled');
    });
  });

  describe('steps that reach other groups', () => {
    it('ai_reply answers from the knowledge on the built-in engine and hands over when it cannot; ai_classify uses keywords; create_ticket opens one', async () => {
      await c.ok('create_knowledge_snippet', {
        title: 'Plazo de devolución',
        question: '¿Cuántos días tengo para devolver un pedido?',
        content: 'Tienes 30 días para devolver tu pedido.',
      });
      const { workflow } = await c.ok('create_workflow', {
        name: 'Asistente',
        trigger: {
          type: 'message_received',
          conditions: {
            all: [{ attribute: 'message.text', operator: 'has_any_keyword', value: ['devolver', 'tracking'] }],
          },
        },
        steps: [
          {
            id: 'kind',
            type: 'ai_classify',
            params: {
              categories: [
                { name: 'returns', keywords: ['devolver'] },
                { name: 'shipping', keywords: ['tracking'] },
              ],
            },
          },
          { id: 'answer', type: 'ai_reply', paths: { handoff: 'ticket' }, next: null },
          { id: 'ticket', type: 'create_ticket', params: { title: 'Sin respuesta ({var.intent})', priority: 'P1' } },
        ],
        enabled: true,
      });
      const phone = freshPhone();
      await says(phone, '¿Cuántos días tengo para devolver un pedido?');
      const [answer] = await waitForSent(k, phone, 1);
      expect(answer.text).to.equal('Tienes 30 días para devolver tu pedido.');
      const done = await waitForRun(k, phone, ['completed']);
      const log = await c.ok('get_chatapp_workflow_run', { run_id: done.id });
      expect(log.run.variables.intent).to.equal('returns');
      expect(log.steps.find((s: any) => s.step_id === 'answer').detail).to.include({ engine: 'builtin' });

      const other = freshPhone();
      await says(other, 'mi tracking no funciona');
      const handed = await waitForRun(k, other, ['completed']);
      const handedLog = await c.ok('get_chatapp_workflow_run', { run_id: handed.id });
      expect(handedLog.steps.map((s: any) => s.step_id)).to.deep.equal(['kind', 'answer', 'ticket']);
      const ticketId = Number(handedLog.run.variables.ticket_id);
      const { ticket } = await c.ok('get_ai_ticket', { ticket_id: ticketId });
      expect(ticket).to.include({ title: 'Sin respuesta (shipping)', priority: 'P1', phone: other });
      expect(await sentTo(k, other)).to.deep.equal([]);
      await c.ok('bulk_toggle_workflows', { action: 'bulk', workflow_ids: [workflow.id], enabled: false });
    });

    it('http_request posts the JSON to an HTTPS receiver and saves its status and answer', async () => {
      const received: { body: string; type: string | undefined }[] = [];
      const { certPem, keyPem } = fakeCertificate();
      const receiver = createServer({ cert: certPem, key: keyPem }, (req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          received.push({ body, type: req.headers['content-type'] });
          res.writeHead(201, { 'content-type': 'application/json' }).end('{"order":"A-17"}');
        });
      });
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
      try {
        const { workflow } = await c.ok('create_workflow', {
          name: 'Pedido externo',
          trigger: { type: 'manual' },
          steps: [
            {
              id: 'post',
              type: 'http_request',
              params: {
                url: `https://127.0.0.1:${(receiver.address() as AddressInfo).port}/orders`,
                body: { phone: '{telefono}', source: 'workflow', urgent: true },
                save_as: 'hook',
              },
            },
            { id: 'note', type: 'add_customer_comment', params: { text: 'Respuesta {var.hook_status}: {var.hook}' } },
          ],
        });
        const phone = freshPhone();
        await c.ok('run_workflow', { workflow_id: workflow.id, phone });
        await waitForRun(k, phone, ['completed']);
        expect(received).to.have.length(1);
        expect(JSON.parse(received[0]!.body)).to.deep.equal({ phone, source: 'workflow', urgent: true });
        expect(received[0]!.type).to.include('application/json');
        const { comments } = await c.ok('list_customer_comments', { phone });
        expect(comments[0].comment).to.equal('Respuesta 201: {"order":"A-17"}');
      } finally {
        await new Promise((r) => receiver.close(r));
      }
    });

    it('ai_reply with the shop’s language model: the model’s answer is sent, from the knowledge it was given', async () => {
      const ai = await new FakeOpenAi().start();
      try {
        const { token: modelToken } = await k.shops.create({ name: 'Tienda Modelo', credits: 1_000_000 });
        const m = caller(k, modelToken);
        const modelLine = await connectedLine(k, modelToken);
        await m.ok('configure_ai_provider', {
          provider: 'openai_compatible',
          base_url: ai.baseUrl,
          api_key: ai.apiKey,
          chat_model: 'fake-chat',
        });
        await m.ok('create_knowledge_snippet', { title: 'Envíos', content: 'Enviamos gratis a partir de 50 euros.' });
        ai.reply = JSON.stringify({ answer: 'El envío es gratis desde 50 €.', handoff: false });
        await m.ok('create_workflow', {
          name: 'Asistente con modelo',
          trigger: {
            type: 'message_received',
            conditions: { all: [{ attribute: 'message.text', operator: 'contains', value: 'envío' }] },
          },
          steps: [{ id: 'answer', type: 'ai_reply', params: { instructions: 'Sé breve.' } }],
          enabled: true,
        });
        const phone = freshPhone();
        await customerSays(k, modelToken, modelLine.session_key, phone, '¿Cuánto cuesta el envío?');
        const [sent] = await waitForSent(k, phone, 1);
        expect(sent.text).to.equal('El envío es gratis desde 50 €.');
        const asked = ai.requests.filter((r) => r.path.endsWith('/chat/completions')).at(-1)!;
        const prompt = JSON.stringify(asked.body.messages);
        expect(prompt).to.include('Enviamos gratis a partir de 50 euros.').and.include('Sé breve.');
        const run = await waitForRun(k, phone, ['completed']);
        const log = await caller(k, modelToken).ok('get_chatapp_workflow_run', { run_id: run.id });
        expect(log.steps[0].detail).to.include({ engine: 'openai_compatible' });
      } finally {
        await ai.close();
      }
    });

    it('http_request refuses a private address through the network guard and takes its failed exit', async () => {
      const { workflow } = await c.ok('create_workflow', {
        name: 'Webhook',
        trigger: { type: 'manual' },
        steps: [
          {
            id: 'post',
            type: 'http_request',
            params: { url: 'https://10.0.0.1/hook', body: { phone: '{telefono}' }, save_as: 'hook' },
            paths: { failed: 'note' },
            next: null,
          },
          { id: 'note', type: 'add_customer_comment', params: { text: 'El webhook falló ({var.hook_status})' } },
        ],
      });
      const phone = freshPhone();
      await c.ok('run_workflow', { workflow_id: workflow.id, phone });
      const run = await waitForRun(k, phone, ['completed']);
      const { steps } = await c.ok('get_chatapp_workflow_run', { run_id: run.id });
      expect(steps[0]).to.include({ step_id: 'post', outcome: 'failed' });
      expect(steps[0].detail.error.code).to.match(/blocked|refused|not_allowed|private|network/);
      const { comments } = await c.ok('list_customer_comments', { phone });
      expect(comments[0].comment).to.equal('El webhook falló (0)');
    });
  });

  it('history goes after 30 days but never a live run; a run waiting 30 days expires', async () => {
    const { workflow } = await c.ok('create_workflow', {
      name: 'Viejo',
      trigger: { type: 'manual' },
      steps: [
        { id: 'w', type: 'wait', params: { minutes: 60 } },
        { id: 's', type: 'send_message', params: { text: 'x' } },
      ],
    });
    const old = async (status: string) => {
      const [run] = await rows(
        k,
        `insert into automation_runs (shop_id, workflow_id, version, phone, trigger, status, waiting_for, visits, variables, chain, wake_at, created_at, updated_at)
         values (?, ?, 1, ?, '{"type":"manual"}', ?, ?, '{}', '{}', '[]', ?, now() - interval '40 days', now()) returning id`,
        [
          shopId,
          workflow.id,
          freshPhone(),
          status,
          status === 'waiting' ? 'time' : null,
          status === 'waiting' ? new Date(Date.now() + 3_600_000) : null,
        ],
      );
      await rows(
        k,
        `insert into automation_run_steps (shop_id, run_id, seq, step_id, step_type, visit, outcome, detail, created_at)
         values (?, ?, 1, 'w', 'wait', 1, 'waiting', '{}', now() - interval '40 days')`,
        [shopId, run.id],
      );
      return run.id as number;
    };
    const done = await old('completed');
    const waiting = await old('waiting');
    const exists = async (id: number) => ({
      run: (await rows(k, `select count(*)::int n from automation_runs where id = ?`, [id]))[0].n,
      steps: (await rows(k, `select count(*)::int n from automation_run_steps where run_id = ?`, [id]))[0].n,
    });
    await k.retention.run();
    expect(await exists(done)).to.deep.equal({ run: 0, steps: 0 });
    expect(await exists(waiting)).to.deep.equal({ run: 1, steps: 1 });
    await k.scheduler.runTick('automation.expire-runs', new Date());
    expect((await c.ok('get_chatapp_workflow_run', { run_id: waiting })).run).to.include({ status: 'expired' });
    await k.retention.run();
    expect(await exists(waiting)).to.deep.equal({ run: 0, steps: 0 });
  });

  it('another shop’s runs and workflows are not visible', async () => {
    const other = await k.shops.create({ name: 'Otra', credits: 1000 });
    const mine = (await c.ok('create_workflow', { name: 'Mía', ...base() })).workflow;
    const theirs = caller(k, other.token);
    await theirs.fails('get_workflow', { workflow_id: mine.id }, 'not_found');
    expect((await theirs.ok('list_chatapp_workflows')).count).to.equal(0);
    expect((await theirs.ok('list_chatapp_workflow_runs')).count).to.equal(0);
    expect(shopId).to.be.a('number');
  });
});
