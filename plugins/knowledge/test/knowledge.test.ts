import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';

describe('knowledge: snippets, approval, import and search', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let shop: { shopId: number; token: string };
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const create = async (args: Record<string, unknown>) => (await call.ok('create_knowledge_snippet', args)).snippet;
  const search = async (query: string, extra: Record<string, unknown> = {}) =>
    (await call.ok('search_knowledge', { query, ...extra })).results as any[];

  before(async () => {
    k = await bootKernel({ groups: ['prompt', 'knowledge'] });
  });
  after(() => k?.close());

  describe('snippets and their states', () => {
    before(async () => {
      shop = await k.newShop('Knowledge shop');
    });

    it('creates an active snippet, detects its language, makes an FAQ of a question, and lists it', async () => {
      const snippet = await create({
        title: 'Plazos de envío',
        question: '¿Cuánto tarda un pedido en llegar?',
        content: 'Los pedidos llegan en 2 o 3 días laborables a la península.',
        tags: [' Envíos ', 'envíos', 'Plazos'],
      });
      expect(snippet).to.deep.include({
        kind: 'faq',
        language: 'es',
        status: 'active',
        source: 'api',
        tags: ['envíos', 'plazos'],
        surfaces: ['all'],
      });
      expect(snippet.approved_at).to.be.a('string');
      const listed = await call.ok('list_knowledge_snippets', { tag: 'ENVÍOS ' });
      expect(listed.snippets.map((s: any) => s.id)).to.deep.equal([snippet.id]);
      expect((await call.ok('list_knowledge_snippets', { query: 'peninsula' })).total).to.equal(1);
      expect((await call.ok('list_knowledge_snippets', { status: 'pending' })).total).to.equal(0);
    });

    it('approves only pending snippets and rejects with a reason; an unknown id is not_found', async () => {
      const pending = await create({ title: 'Gift cards', content: 'Gift cards never expire.', status: 'pending' });
      expect(pending).to.include({ status: 'pending', approved_at: null, language: 'en', kind: 'note' });
      const approved = (await call.ok('approve_knowledge_snippet', { action: 'approve', id: pending.id })).snippet;
      expect(approved.status).to.equal('active');
      const again = await call.fails(
        'approve_knowledge_snippet',
        { action: 'approve', id: pending.id },
        'invalid_state',
      );
      expect(again).to.deep.include({ current_status: 'active', allowed: ['pending'] });
      const other = await create({ title: 'Draft', content: 'We might open on Sundays.', status: 'pending' });
      const rejected = (await call.ok('reject_knowledge_snippet', { id: other.id, reason: 'Not true' })).snippet;
      expect(rejected).to.include({ status: 'rejected', status_reason: 'Not true' });
      await call.fails('approve_knowledge_snippet', { action: 'approve', id: 999_999 }, 'not_found');
    });

    it('updates the fields given and re-detects the language; refuses blank text, a past valid_until and nothing to change', async () => {
      const snippet = await create({ title: 'Opening hours', content: 'We open from 9 to 18.' });
      const updated = (
        await call.ok('update_knowledge_snippet', {
          id: snippet.id,
          title: 'Horario',
          content: 'Abrimos de 9 a 18 de lunes a viernes.',
          surfaces: ['plugin_chat', 'email'],
        })
      ).snippet;
      expect(updated).to.include({ title: 'Horario', language: 'es', status: 'active' });
      expect(updated.surfaces).to.deep.equal(['plugin_chat', 'email']);
      await call.fails('update_knowledge_snippet', { id: snippet.id, title: '  ' }, 'invalid_arguments');
      await call.fails(
        'update_knowledge_snippet',
        { id: snippet.id, valid_until: '2001-01-01T00:00:00Z' },
        'invalid_arguments',
      );
      await call.fails('update_knowledge_snippet', { id: snippet.id }, 'invalid_arguments');
      expect(await call.ok('delete_knowledge_snippet', { id: snippet.id })).to.deep.include({ deleted: true });
      await call.fails('get_knowledge_snippet', { id: snippet.id }, 'not_found');
    });

    it('an expired snippet is no longer found; a new valid_until brings it back', async () => {
      const snippet = await create({
        title: 'Black Friday sale',
        content: 'Everything is 20% off this week.',
        valid_until: new Date(Date.now() + 60_000).toISOString(),
      });
      expect((await search('black friday sale')).map((r) => r.id)).to.include(snippet.id);
      await k.orm.em
        .fork()
        .getConnection()
        .execute(`update knowledge_snippets set valid_until = now() - interval '1 minute' where id = ?`, [snippet.id]);
      expect(
        (await search('black friday sale')).map((r) => r.id),
        'past valid_until',
      ).to.not.include(snippet.id);
      expect(await k.scheduler.runTick('knowledge.expire-snippets', new Date(Date.UTC(2003, 0, 1)))).to.equal('ran');
      expect((await call.ok('get_knowledge_snippet', { id: snippet.id })).snippet.status).to.equal('expired');
      const back = await call.ok('update_knowledge_snippet', {
        id: snippet.id,
        valid_until: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect(back.snippet.status).to.equal('active');
    });
  });

  describe('search', () => {
    before(async () => {
      shop = await k.newShop('Search shop');
      for (const args of [
        {
          title: 'Devoluciones',
          question: '¿Puedo devolver un pedido?',
          content: 'Aceptamos devoluciones de pedidos en 30 días.',
        },
        { title: 'Envíos a Canarias', content: 'Los envíos a Canarias tardan 5 días y pagan aduana.' },
        { title: 'Returns', question: 'Can I return my order?', content: 'Returns are accepted within 30 days.' },
        { title: 'Rücksendungen', content: 'Rücksendungen sind innerhalb von 30 Tagen möglich.', language: 'de' },
        { title: 'Visszaküldés', content: 'A termékeket 30 napon belül visszaküldheti.', language: 'hu' },
        {
          title: 'Chat only',
          content: 'Chat visitors get free gift wrapping.',
          surfaces: ['plugin_chat'],
        },
      ])
        await create(args);
      await create({ title: 'Draft policy', content: 'Draft: gift wrapping costs 2 euros.', status: 'pending' });
    });

    it('finds by stem and without accents in the snippet’s language, best first, labelled as the built-in engine', async () => {
      const answer = await call.ok('search_knowledge', { query: 'devolucion de mis pedidos' });
      expect(answer).to.include({ method: 'fts', engine: 'builtin', query_language: 'es' });
      expect(answer.vectors).to.deep.equal({ model: null, used: false, reason: 'no embedding model' });
      expect(answer.notice).to.match(/^Built-in engine/);
      expect(answer.results[0]).to.include({ title: 'Devoluciones', method: 'fts', language: 'es' });
      expect(answer.results[0].score).to.be.greaterThan(0.5);
      expect((await search('canarias envio'))[0].title).to.equal('Envíos a Canarias');
      expect((await search('rucksendung'))[0].title).to.equal('Rücksendungen');
      expect((await search('returning an order'))[0].title).to.equal('Returns');
    });

    it('rescues a typo by trigram similarity', async () => {
      expect((await search('Rcksendungen'))[0]).to.include({ title: 'Rücksendungen', method: 'trigram' });
      expect((await search('Visszakuldes'))[0], 'accents folded by the Hungarian stemmer').to.include({
        title: 'Visszaküldés',
        method: 'fts',
      });
    });

    it('honours the surface, pending snippets only on request, top_k and the threshold', async () => {
      expect((await search('gift wrapping')).map((r) => r.title)).to.deep.equal(['Chat only']);
      expect((await search('gift wrapping', { surface: 'email' })).map((r) => r.title)).to.deep.equal([]);
      expect((await search('gift wrapping', { surface: 'plugin_chat' })).map((r) => r.title)).to.deep.equal([
        'Chat only',
      ]);
      expect((await search('gift wrapping', { include_pending: true })).map((r) => r.title)).to.have.members([
        'Chat only',
        'Draft policy',
      ]);
      expect(await search('30 days returns', { top_k: 1 })).to.have.length(1);
      await call.ok('update_knowledge_settings', { relevance_threshold: 1 });
      expect((await search('gift wrapping costs')).map((r) => r.title)).to.deep.equal([]);
      await call.ok('update_knowledge_settings', { relevance_threshold: 0.15 });
      expect((await search('zebra quantum')).length).to.equal(0);
    });
  });

  describe('import_knowledge', () => {
    before(async () => {
      shop = await k.newShop('Import shop');
    });

    it('CSV (semicolons): valid rows created pending (approval required), a bad row reported by line, duplicates skipped', async () => {
      const csv = [
        'title;content;question;tags',
        'Horario;Abrimos de 9 a 18.;¿Cuándo abrís?;horario|tienda',
        ';Sin título;;',
        'Parking;Hay parking gratuito detrás de la tienda.;;',
        'Horario;Abrimos de 9 a 18.;¿Cuándo abrís?;horario',
      ].join('\n');
      const result = await call.ok('import_knowledge', { format: 'csv', content: csv });
      expect(result).to.include({ created: 2, status: 'pending' });
      expect(result.errors).to.deep.equal([{ path: 'line 3: title', message: 'required' }]);
      expect(result.skipped_duplicates).to.deep.equal([{ at: 'line 5', title: 'Horario' }]);
      expect(result.snippets[0]).to.deep.include({ kind: 'faq', tags: ['horario', 'tienda'], source: 'import' });
      const again = await call.ok('import_knowledge', { format: 'csv', content: csv, status: 'active' });
      expect(again.created).to.equal(0);
      expect(again.skipped_duplicates).to.have.length(3);
    });

    it('JSON and Markdown; nothing valid writes nothing; an unreadable source is invalid_arguments', async () => {
      const json = await call.ok('import_knowledge', {
        format: 'json',
        content: JSON.stringify({ snippets: [{ title: 'Wi-Fi', answer: 'The password is on the receipt.' }] }),
        status: 'active',
      });
      expect(json).to.include({ created: 1, status: 'active' });
      const md = await call.ok('import_knowledge', {
        format: 'markdown',
        content: '# Do you ship abroad?\nYes, to all of the EU.\n\n## Payment\nCards and PayPal.\n',
      });
      expect(md.snippets.map((s: any) => [s.title, s.kind, s.question])).to.deep.equal([
        ['Do you ship abroad?', 'faq', 'Do you ship abroad?'],
        ['Payment', 'note', null],
      ]);
      const before = (await call.ok('list_knowledge_snippets')).total;
      const bad = await call.fails(
        'import_knowledge',
        { format: 'json', content: JSON.stringify([{ title: 'No content' }, { content: 'No title' }]) },
        'invalid_arguments',
      );
      expect(bad.errors.map((e: any) => e.path)).to.deep.equal(['item 0: content', 'item 1: title']);
      expect((await call.ok('list_knowledge_snippets')).total).to.equal(before);
      await call.fails('import_knowledge', { format: 'json', content: '{"nope"' }, 'invalid_arguments');
      await call.fails('import_knowledge', { format: 'markdown', content: 'no headings here' }, 'invalid_arguments');
    });

    it('settings: defaults, partial update, bounds, counts by status', async () => {
      const { settings, snippets, embeddings } = await call.ok('get_knowledge_settings');
      expect(settings).to.deep.equal({
        top_k: 3,
        relevance_threshold: 0.15,
        hybrid_weight: 0.5,
        require_approval: true,
      });
      expect(embeddings, 'the built-in engine has no embedding model').to.deep.equal({
        model: null,
        dims: null,
        indexed: 0,
        stale: 0,
      });
      expect(snippets.pending).to.be.greaterThan(0);
      const updated = await call.ok('update_knowledge_settings', { top_k: 5 });
      expect(updated.settings).to.deep.equal({
        top_k: 5,
        relevance_threshold: 0.15,
        hybrid_weight: 0.5,
        require_approval: true,
      });
      await call.fails('update_knowledge_settings', { top_k: 21 }, 'invalid_arguments');
      await call.fails('update_knowledge_settings', { relevance_threshold: 1.5 }, 'invalid_arguments');
    });
  });
});
