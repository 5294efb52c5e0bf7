import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootKernel, TEST_KERNEL_SECRET } from '../../../test/helpers/boot.js';
import { bootOps, connectedLine, fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { sharedDatabaseUrl } from '../../../test/helpers/global-database.js';
import { runScript, type ScriptRun } from '../../../test/helpers/run-script.js';

const ANNOUNCE = 'support.announce-support-replies';
const CLOSE = 'support.close-resolved-tickets';
let lastTick = Date.UTC(2005, 0, 1);
const freshTick = () => new Date((lastTick += 60_000));

const json = (run: ScriptRun): any => {
  expect(run.code, run.stderr).to.equal(0);
  expect(run.stdout).to.match(/^[{[][^\n]*\n$/);
  return JSON.parse(run.stdout);
};

describe('support: the platform’s help desk', function () {
  this.timeout(180_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  let env: Record<string, string>;
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const support = (...args: string[]) => runScript('support', args, env);

  before(async () => {
    env = { DATABASE_URL: await sharedDatabaseUrl() };
    k = await bootOps({
      groups: ['agents', 'customers', 'tickets', 'activity', 'notifications', 'storage', 'support'],
    });
    shop = await k.newShop('Helped shop', { credits: 50_000 });
  });
  after(async () => {
    await k?.close();
  });

  describe('diagnostics', () => {
    it('shows an allow-list: versions, groups, lines, recent failures — and no secret, argument or phone', async () => {
      await connectedLine(k, shop.token, {}, '+34611222333');
      const named = (await k.tokens.create({ shopId: shop.shopId, name: 'reporting', readOnly: true }))!.token;
      await call.fails('create_ai_ticket', { action: 'create', title: 'SECRET-ARGUMENT-4711' }, 'invalid_arguments');
      const { diagnostics } = await call.ok('get_support_diagnostics');
      expect(diagnostics).to.have.all.keys('generated_at', 'server', 'shop', 'groups', 'lines', 'recent_failures');
      expect(diagnostics.shop).to.deep.include({ id: shop.shopId, credits_balance: 50_000 });
      expect(diagnostics.groups.map((g: any) => g.name)).to.include.members(['support', 'whatsapp_ops']);
      expect(diagnostics.lines).to.have.length(1);
      expect(diagnostics.lines[0]).to.include({ status: 'connected', sandbox: true });
      expect(diagnostics.recent_failures[0]).to.include({ tool: 'create_ai_ticket', error_code: 'invalid_arguments' });
      expect(diagnostics.recent_failures[0]).to.have.all.keys('at', 'tool', 'error_code', 'request_id');
      const text = JSON.stringify(diagnostics);
      for (const secret of [shop.token, named, TEST_KERNEL_SECRET, 'SECRET-ARGUMENT-4711', '+34611222333', 'sbt_'])
        expect(text).not.to.include(secret);
    });
  });

  describe('tickets and the operator’s CLI', () => {
    let ticketId: number;

    it('a ticket carries the diagnostics shown, unless told not to', async () => {
      const created = await call.ok('create_support_ticket', {
        subject: 'Campaign stuck',
        description: 'My campaign stays paused after topping up.',
        category: 'messaging',
        priority: 'high',
      });
      ticketId = created.ticket.id;
      expect(created.ticket).to.include({
        status: 'open',
        category: 'messaging',
        priority: 'high',
        diagnostics_attached: true,
      });
      expect(created.messages.map((m: any) => [m.author, m.body])).to.deep.equal([
        ['shop', 'My campaign stays paused after topping up.'],
      ]);
      expect(created.diagnostics.shop.id).to.equal(shop.shopId);
      const bare = await call.ok('create_support_ticket', {
        subject: 'Invoice',
        description: 'Where is my invoice?',
        attach_diagnostics: false,
      });
      expect(bare.ticket).to.include({ diagnostics_attached: false, category: 'other', priority: 'normal' });
      expect(bare.diagnostics).to.equal(null);
      await call.fails('create_support_ticket', { subject: '  ', description: 'x' }, 'invalid_arguments');
      const list = await call.ok('list_support_tickets');
      expect(list.tickets.map((t: any) => t.subject)).to.deep.equal(['Invoice', 'Campaign stuck']);
      expect((await call.ok('list_support_tickets', { status: 'closed' })).count).to.equal(0);
    });

    it('the operator answers from the CLI; the owner is notified once; the shop answers back', async () => {
      const listed = json(await support('list', '--shop', String(shop.shopId), '--status', 'open'));
      expect(listed.map((t: any) => [t.shop_id, t.subject])).to.deep.include([shop.shopId, 'Campaign stuck']);
      const shown = json(await support('show', '--ticket', String(ticketId)));
      expect(shown.diagnostics.shop.id).to.equal(shop.shopId);

      const answered = json(
        await support('reply', '--ticket', String(ticketId), '--message', 'Resume it with resume_campaign.'),
      );
      expect(answered.ticket.status).to.equal('awaiting_customer');
      expect(await k.scheduler.runTick(ANNOUNCE, freshTick())).to.equal('ran');
      expect(await k.scheduler.runTick(ANNOUNCE, freshTick())).to.equal('ran');
      const told = await call.ok('list_notifications', { recipient: 'owner', type: 'support_reply' });
      expect(told.notifications.map((n: any) => [n.title, n.count, n.resource])).to.deep.equal([
        ['Support answered “Campaign stuck”', 1, { type: 'support_ticket', id: String(ticketId) }],
      ]);

      const thread = await call.ok('reply_support_ticket', { ticket_id: ticketId, message: 'Done, thanks!' });
      expect(thread.ticket.status).to.equal('awaiting_support');
      expect(thread.messages.map((m: any) => m.author)).to.deep.equal(['shop', 'support', 'shop']);
    });

    it('a message carries the shop’s files, which cannot be deleted while the ticket shows them', async () => {
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      const upload = (token: string) =>
        ok(k, token, 'upload_file_base64', {
          filename: 'invoice.pdf',
          content_base64: pdf.toString('base64'),
          purpose: 'chat_media',
        });
      const { file } = await upload(shop.token);
      const created = await call.ok('create_support_ticket', {
        subject: 'Wrong invoice',
        description: 'The total is wrong, see the file.',
        attach_diagnostics: false,
        file_ids: [file.id],
      });
      const [first] = created.messages;
      expect(first.attachments).to.deep.equal([
        { file_id: file.id, filename: 'invoice.pdf', content_type: 'application/pdf', size_bytes: pdf.length },
      ]);
      const refused = await call.fails('delete_file', { file_id: file.id }, 'conflict');
      expect(refused.used_by).to.deep.equal([{ group: 'support', type: 'support_message', id: String(first.id) }]);
      // The operator sees where the bytes are; the shop never sees the key.
      const shown = json(await support('show', '--ticket', String(created.ticket.id)));
      expect(shown.messages[0].attachments[0]).to.include({
        file_id: file.id,
        storage_key: `${shop.shopId}/${file.sha256}`,
      });
      expect(JSON.stringify(created)).not.to.include(file.sha256);
      const replied = await call.ok('reply_support_ticket', {
        ticket_id: created.ticket.id,
        message: 'The same file again.',
        file_ids: [file.id],
      });
      expect(replied.messages.at(-1).attachments.map((a: any) => a.file_id)).to.deep.equal([file.id]);
      // Another shop's file is not found, and nothing is written.
      const other = await k.newShop('Other helped shop');
      const { file: theirs } = await upload(other.token);
      const before = (await call.ok('list_support_tickets')).count;
      await call.fails(
        'create_support_ticket',
        { subject: 'Theirs', description: 'Their file', attach_diagnostics: false, file_ids: [theirs.id] },
        'not_found',
      );
      expect((await call.ok('list_support_tickets')).count).to.equal(before);
    });

    it('resolved by support, reopened by a reply, closed with a rating; closed takes nothing more', async () => {
      json(await support('reply', '--ticket', String(ticketId), '--message', 'Glad it works.', '--resolve'));
      expect((await call.ok('get_support_ticket', { ticket_id: ticketId })).ticket.status).to.equal('resolved');
      expect(
        (await call.ok('reply_support_ticket', { ticket_id: ticketId, message: 'One more thing' })).ticket,
      ).to.include({
        status: 'awaiting_support',
        resolved_at: null,
      });
      json(await support('resolve', '--ticket', String(ticketId)));
      const closed = await call.ok('close_support_ticket', { ticket_id: ticketId, rating: 5, comment: 'Fast' });
      expect(closed.ticket).to.include({ status: 'closed', rating: 5, rating_comment: 'Fast' });
      const refused = await call.fails(
        'reply_support_ticket',
        { ticket_id: ticketId, message: 'hello?' },
        'invalid_state',
      );
      expect(refused.current_status).to.equal('closed');
      await call.fails('close_support_ticket', { ticket_id: ticketId }, 'invalid_state');
      const cli = await support('reply', '--ticket', String(ticketId), '--message', 'late');
      expect(cli.code).to.equal(1);
      expect(cli.stderr).to.match(/invalid_state/);
      expect((await support('reply', '--ticket', '999999', '--message', 'x')).code).to.equal(1);
      expect((await support('bogus')).code).to.equal(2);
      expect((await support('list', '--status', 'nope')).code).to.equal(2);
    });

    it('a resolved ticket nobody answers closes by itself after 14 days', async () => {
      const { ticket } = await call.ok('create_support_ticket', {
        subject: 'Old',
        description: 'x',
        attach_diagnostics: false,
      });
      json(await support('resolve', '--ticket', String(ticket.id)));
      expect(await k.scheduler.runTick(CLOSE, freshTick())).to.equal('ran');
      expect((await call.ok('get_support_ticket', { ticket_id: ticket.id })).ticket.status).to.equal('resolved');
      await rows(k, `update support_tickets set resolved_at = now() - interval '15 days' where id = ?`, [ticket.id]);
      expect(await k.scheduler.runTick(CLOSE, freshTick())).to.equal('ran');
      expect((await call.ok('get_support_ticket', { ticket_id: ticket.id })).ticket.status).to.equal('closed');
    });
  });

  describe('help articles', () => {
    it('full-text search in English and Spanish: stemmed, accents ignored, best first, with the passage', async () => {
      const en = await call.ok('search_help_articles', { query: 'campaign paused credits' });
      expect(en.language).to.equal('en');
      expect(en.articles[0]).to.include({ slug: 'credits-and-campaigns', language: 'en' });
      expect(en.articles[0].snippet).to.match(/«/);
      const es = await call.ok('search_help_articles', { query: 'campana pausada creditos', language: 'es' });
      expect(es.articles[0]).to.include({
        slug: 'credits-and-campaigns',
        language: 'es',
        title: 'Créditos, mensajes y campañas',
      });
      const stem = await call.ok('search_help_articles', { query: 'confirming', language: 'en' });
      expect(stem.articles.map((a: any) => a.slug)).to.include('confirmations');
      const excluded = await call.ok('search_help_articles', { query: 'line -pairing', language: 'en' });
      expect(excluded.articles.map((a: any) => a.slug)).not.to.include('messaging-lines');
      expect((await call.ok('search_help_articles', { query: 'xylophone' })).count).to.equal(0);
      await call.fails('search_help_articles', { query: '   ' }, 'invalid_arguments');
    });

    it('an article by slug, in the language asked for', async () => {
      const { article } = await call.ok('get_help_article', { slug: 'confirmations', language: 'es' });
      expect(article).to.include({
        slug: 'confirmations',
        language: 'es',
        title: 'Por qué una herramienta pide confirmación',
      });
      expect(article.body).to.match(/confirm: true/);
      expect((await call.ok('get_help_article', { slug: 'getting-started' })).article.language).to.equal('en');
      expect((await call.fails('get_help_article', { slug: 'nope' }, 'not_found')).resource).to.equal('article');
    });
  });

  describe('platform notices', () => {
    it('the operator sets and ends notices; every shop sees them', async () => {
      const before = await call.ok('get_platform_status');
      const incident = json(
        await support('notice-set', '--kind', 'incident', '--title', 'Sends delayed', '--body', 'We are on it.'),
      );
      const future = new Date(Date.now() + 86_400_000);
      const window = json(
        await support(
          'notice-set',
          '--kind',
          'maintenance',
          '--title',
          'Database upgrade',
          '--starts',
          future.toISOString(),
          '--ends',
          new Date(future.getTime() + 3_600_000).toISOString(),
        ),
      );
      const status = await call.ok('get_platform_status');
      expect(status.status).to.equal('incident');
      const mine = status.notices.filter((n: any) => [incident.id, window.id].includes(n.id));
      expect(mine.map((n: any) => [n.kind, n.title, n.active])).to.deep.equal([
        ['incident', 'Sends delayed', true],
        ['maintenance', 'Database upgrade', false],
      ]);
      json(await support('notice-end', '--id', String(incident.id)));
      json(await support('notice-end', '--id', String(window.id)));
      const after = await call.ok('get_platform_status');
      expect(after.notices.some((n: any) => [incident.id, window.id].includes(n.id))).to.equal(false);
      expect(after.status).to.equal(before.status);
      expect((await support('notice-set', '--kind', 'party', '--title', 'x')).code).to.equal(2);
      expect(json(await support('notices')).some((n: any) => n.id === incident.id && n.ended)).to.equal(true);
    });
  });

  it('without the storage group, file_ids says so and writes nothing', async () => {
    const bare = await bootKernel({ groups: ['support'] });
    try {
      const other = await bare.newShop('No files shop');
      await fails(
        bare,
        other.token,
        'create_support_ticket',
        { subject: 'Screenshot', description: 'See it', attach_diagnostics: false, file_ids: [1] },
        'group_not_enabled',
      );
      expect((await ok(bare, other.token, 'list_support_tickets')).count).to.equal(0);
    } finally {
      await bare.close();
    }
  });
});
