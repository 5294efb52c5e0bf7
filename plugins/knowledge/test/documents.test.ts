import { expect } from 'chai';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';
import { chunk, CHUNK_OVERLAP, CHUNK_TARGET } from '../services/documents/chunker.js';
import { htmlSections, markdownSections } from '../services/documents/sections.js';

const fixture = (name: string) => readFileSync(new URL(`fixtures/${name}`, import.meta.url));

describe('knowledge: documents cut into chunks', function () {
  this.timeout(60_000);

  describe('sections and chunks', () => {
    it('markdown: ATX and setext headings make the heading path; a # inside a code fence does not', () => {
      const sections = markdownSections(
        '# Manual\nIntro.\n\n## Returns\nWithin 30 days.\n```\n# not a heading\n```\n### Abroad\nBy post.\nDelivery\n--------\nTwo days.',
      );
      expect(sections.map((s) => s.headings)).to.deep.equal([
        ['Manual'],
        ['Manual', 'Returns'],
        ['Manual', 'Returns', 'Abroad'],
        ['Manual', 'Delivery'],
      ]);
      expect(sections[1]!.text).to.include('# not a heading');
    });

    it('html: headings nest, entities decode, scripts, styles and navigation are left out', () => {
      const sections = htmlSections(
        '<html><head><title>T</title><style>p{}</style></head><body><nav>Menu</nav><h1>Care &amp; repair</h1><p>Wash <b>cold</b>.</p><script>x()</script><h2>Parts</h2><ul><li>Lid</li><li>Blade</li></ul><h1>Other</h1><p>Text.</p></body></html>',
      );
      expect(sections).to.deep.equal([
        { headings: ['Care & repair'], text: '\nWash cold.\n' },
        { headings: ['Care & repair', 'Parts'], text: '\nLid\nBlade\n' },
        { headings: ['Other'], text: '\nText.\n' },
      ]);
    });

    it('chunks stay near the target, end between sentences, and repeat the end of the one before', () => {
      const sentences = Array.from(
        { length: 60 },
        (_, i) => `Sentence number ${i} explains one more rule of the shop.`,
      );
      const chunks = chunk([{ headings: ['Rules'], text: sentences.join(' ') }], 'en');
      expect(chunks.length).to.be.greaterThan(3);
      for (const c of chunks) {
        expect(c.content.length).to.be.at.most(CHUNK_TARGET + CHUNK_OVERLAP);
        expect(c.content).to.match(/\.$/);
        expect(c.headingPath).to.deep.equal(['Rules']);
      }
      for (let i = 1; i < chunks.length; i++) {
        const previousLast = chunks[i - 1]!.content.split(/(?<=\.) /).at(-1)!;
        expect(
          chunks[i]!.content.startsWith(previousLast),
          `chunk ${i} starts with the end of chunk ${i - 1}`,
        ).to.equal(true);
      }
      const all = chunks.map((c) => c.content).join(' ');
      for (const s of sentences) expect(all).to.include(s);
    });

    it('a sentence longer than a chunk is cut between words; a chunk never spans two sections', () => {
      const long = `${'word '.repeat(400)}end.`;
      const chunks = chunk(
        [
          { headings: ['A'], text: long },
          { headings: ['B'], text: 'Short.' },
        ],
        'en',
      );
      expect(chunks.at(-1)).to.deep.equal({ headingPath: ['B'], content: 'Short.' });
      for (const c of chunks.slice(0, -1)) {
        expect(c.headingPath).to.deep.equal(['A']);
        expect(c.content.length).to.be.at.most(CHUNK_TARGET + CHUNK_OVERLAP);
        expect(c.content).to.not.match(/wor$|^ord/);
      }
    });
  });

  describe('over MCP', () => {
    let k: TestKernel;
    let dir: string;
    let shop: { shopId: number; token: string };
    let tick = 0;
    const call = {
      ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
      fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
    };
    const search = async (query: string, extra: Record<string, unknown> = {}) =>
      (await call.ok('search_knowledge', { query, ...extra })).results as any[];
    const indexFiles = () =>
      k.scheduler.runTick('knowledge.index-documents', new Date(Date.UTC(2005, 0, 1, 0, 0, tick++)));
    const upload = async (filename: string, bytes: Buffer, purpose = 'knowledge') =>
      (await call.ok('upload_file_base64', { filename, content_base64: bytes.toString('base64'), purpose })).file;
    const MANUAL = [
      '# Kora blender manual',
      'Thank you for buying the Kora blender.',
      '## Cleaning',
      'Rinse the jug with warm water after each use. The blades are sharp: never touch them with bare hands.',
      '## Warranty',
      'The motor has a five year warranty. Keep the receipt as proof of purchase.',
    ].join('\n\n');

    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'knowledge-documents-'));
      k = await bootKernel({
        groups: ['prompt', 'knowledge', 'storage'],
        overrides: { groups: { storage: { enabled: true, config: { localDir: dir } } } },
      });
      shop = await k.newShop('Documents shop');
    });
    after(async () => {
      await k?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('adds a Markdown text: ready at once, language detected, chunks under their headings', async () => {
      const { document } = await call.ok('add_knowledge_document', {
        title: 'Blender manual',
        format: 'markdown',
        content: MANUAL,
      });
      expect(document).to.deep.include({
        title: 'Blender manual',
        format: 'markdown',
        source: 'content',
        file_id: null,
        language: 'en',
        surfaces: ['all'],
        status: 'ready',
        status_reason: null,
        chunk_count: 3,
      });
      expect(document.indexed_at).to.be.a('string');
      const got = await call.ok('get_knowledge_document', { id: document.id });
      expect(got.chunks.map((c: any) => [c.ordinal, c.heading_path])).to.deep.equal([
        [0, ['Kora blender manual']],
        [1, ['Kora blender manual', 'Cleaning']],
        [2, ['Kora blender manual', 'Warranty']],
      ]);
      expect(got.chunks[1].content).to.match(/^Rinse the jug/);
      const page = await call.ok('get_knowledge_document', { id: document.id, chunk_limit: 1, chunk_offset: 2 });
      expect(page.chunks.map((c: any) => c.ordinal)).to.deep.equal([2]);
    });

    it('search_knowledge finds passages beside snippets, with the document and heading path; sources narrows', async () => {
      await call.ok('create_knowledge_snippet', {
        title: 'Warranty',
        content: 'All products have a two year warranty.',
      });
      const results = await search('how long is the motor warranty', { top_k: 5 });
      const passage = results.find((r) => r.source === 'document');
      expect(passage).to.deep.include({
        kind: 'document',
        title: 'Blender manual',
        question: null,
        heading_path: ['Kora blender manual', 'Warranty'],
        method: 'fts',
        status: 'active',
        language: 'en',
      });
      expect(passage.content).to.include('five year warranty');
      expect(results.some((r) => r.source === 'snippet' && r.document_id === null && r.heading_path === null)).to.equal(
        true,
      );
      const snippetsOnly = await search('how long is the motor warranty', { sources: ['snippets'] });
      expect(snippetsOnly.every((r) => r.source === 'snippet')).to.equal(true);
      const documentsOnly = await search('how long is the motor warranty', { sources: ['documents'] });
      expect(documentsOnly.every((r) => r.source === 'document')).to.equal(true);
      expect((await search('rinse jug warm water'))[0]).to.deep.include({
        heading_path: ['Kora blender manual', 'Cleaning'],
      });
    });

    it('surfaces and language narrow the documents searched; list filters them', async () => {
      const { document } = await call.ok('add_knowledge_document', {
        title: 'Política de envíos',
        content: 'Los pedidos llegan en 48 horas a la península. Los envíos a las islas tardan cinco días.',
        surfaces: ['voice'],
      });
      expect(document).to.deep.include({ language: 'es', format: 'text', surfaces: ['voice'] });
      expect((await search('envíos islas', { surface: 'voice' }))[0]).to.deep.include({ document_id: document.id });
      expect((await search('envíos islas', { surface: 'ticket' })).some((r) => r.document_id === document.id)).to.equal(
        false,
      );
      expect((await search('envíos islas', { language: 'en' })).some((r) => r.document_id === document.id)).to.equal(
        false,
      );
      const listed = await call.ok('list_knowledge_documents', { surface: 'ticket' });
      expect(listed.documents.map((d: any) => d.title)).to.deep.equal(['Blender manual']);
      expect((await call.ok('list_knowledge_documents', { query: 'politica' })).documents[0].id).to.equal(document.id);
      expect((await call.ok('list_knowledge_documents', { status: 'failed' })).total).to.equal(0);
    });

    it('update: a new title re-indexes the chunks, new content replaces them, null language detects again', async () => {
      const { documents } = await call.ok('list_knowledge_documents', { query: 'Blender' });
      const id = documents[0].id;
      await call.ok('update_knowledge_document', { id, title: 'Zephyr handbook' });
      expect((await search('zephyr'))[0]).to.deep.include({ document_id: id, title: 'Zephyr handbook' });
      const replaced = (
        await call.ok('update_knowledge_document', {
          id,
          format: 'html',
          content: '<h1>Garantie</h1><p>Le moteur est garanti cinq ans. Gardez la facture.</p>',
          language: null,
        })
      ).document;
      expect(replaced).to.deep.include({ format: 'html', language: 'fr', chunk_count: 1, status: 'ready' });
      expect((await search('rinse jug warm water')).some((r) => r.document_id === id)).to.equal(false);
      expect((await search('moteur garanti'))[0]).to.deep.include({ document_id: id, heading_path: ['Garantie'] });
      await call.ok('update_knowledge_document', { id, language: 'it' });
      expect((await call.ok('get_knowledge_document', { id })).document.language).to.equal('it');
      await call.ok('update_knowledge_document', { id, language: null });
      expect((await call.ok('get_knowledge_document', { id })).document.language).to.equal('fr');
    });

    it('refuses bad input with nothing written', async () => {
      const before = (await call.ok('list_knowledge_documents')).total;
      const both = await call.fails(
        'add_knowledge_document',
        { title: 'X', content: 'Text.', file_id: 1 },
        'invalid_arguments',
      );
      expect(both.errors[0].path).to.equal('content');
      await call.fails('add_knowledge_document', { title: 'X' }, 'invalid_arguments');
      await call.fails('add_knowledge_document', { content: 'No title.' }, 'invalid_arguments');
      await call.fails('add_knowledge_document', { title: '  ', content: 'Text.' }, 'invalid_arguments');
      const empty = await call.fails(
        'add_knowledge_document',
        { title: 'Scripts only', format: 'html', content: '<script>var a = 1;</script>' },
        'invalid_arguments',
      );
      expect(empty.message).to.include('no text');
      await call.fails('add_knowledge_document', { title: 'X', content: 'x', format: 'pdf' }, 'invalid_arguments');
      const { documents } = await call.ok('list_knowledge_documents');
      await call.fails('update_knowledge_document', { id: documents[0].id }, 'invalid_arguments');
      await call.fails('update_knowledge_document', { id: documents[0].id, format: 'html' }, 'invalid_arguments');
      await call.fails('get_knowledge_document', { id: 999_999 }, 'not_found');
      expect((await call.ok('list_knowledge_documents')).total).to.equal(before);
    });

    it('a stored PDF is processing until the job reads it page by page; a Word file by its headings', async () => {
      const pdf = await upload('manual.pdf', fixture('document-manual.pdf'));
      const added = (await call.ok('add_knowledge_document', { file_id: pdf.id })).document;
      expect(added).to.deep.include({
        title: 'manual.pdf',
        format: 'pdf',
        source: 'file',
        file_id: pdf.id,
        status: 'processing',
        chunk_count: 0,
      });
      const inUse = await call.fails('delete_file', { file_id: pdf.id }, 'conflict');
      expect(inUse.used_by).to.deep.equal([{ group: 'knowledge', type: 'document', id: String(added.id) }]);
      const docx = await upload('handbuch.docx', fixture('document-handbook.docx'));
      const word = (await call.ok('add_knowledge_document', { file_id: docx.id, title: 'Handbuch' })).document;
      expect(await indexFiles()).to.equal('ran');
      const read = await call.ok('get_knowledge_document', { id: added.id });
      expect(read.document).to.deep.include({ status: 'ready', language: 'en', chunk_count: 2 });
      expect(read.chunks.map((c: any) => c.heading_path)).to.deep.equal([['Page 1'], ['Page 2']]);
      expect((await search('spare parts blender'))[0]).to.deep.include({
        document_id: added.id,
        heading_path: ['Page 2'],
      });
      const handbook = await call.ok('get_knowledge_document', { id: word.id });
      expect(handbook.document).to.deep.include({ status: 'ready', language: 'de', format: 'docx', title: 'Handbuch' });
      expect(handbook.chunks.map((c: any) => c.heading_path)).to.deep.equal([
        ['Handbuch'],
        ['Handbuch', 'Rücksendungen'],
        ['Handbuch', 'Zahlung'],
      ]);
      expect((await search('Rücksendung kostenlos'))[0]).to.deep.include({ document_id: word.id });
    });

    it('a file that cannot be read fails with the reason; a file of another purpose or type is refused', async () => {
      const broken = await upload('broken.pdf', Buffer.from('%PDF-1.4\nthis is not a real PDF\n%%EOF\n'));
      const { document } = await call.ok('add_knowledge_document', { file_id: broken.id, title: 'Broken' });
      await indexFiles();
      const failed = (await call.ok('get_knowledge_document', { id: document.id })).document;
      expect(failed.status).to.equal('failed');
      expect(failed.status_reason).to.match(/^The pdf file could not be read/);
      const media = await upload(
        'photo.png',
        Buffer.from(
          '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4b10000000049454e44ae426082',
          'hex',
        ),
        'chat_media',
      );
      await call.fails('add_knowledge_document', { file_id: media.id }, 'invalid_arguments');
      await call.fails('add_knowledge_document', { file_id: 999_999 }, 'not_found');
      await call.fails('add_knowledge_document', { file_id: broken.id, format: 'html' }, 'invalid_arguments');
    });

    it('a file whose reading stopped its process three times fails instead of being taken again', async () => {
      const pdf = await upload('manual-3.pdf', fixture('document-manual.pdf'));
      const { document } = await call.ok('add_knowledge_document', { file_id: pdf.id, title: 'Crashing' });
      await k.orm.em
        .fork()
        .getConnection()
        .execute(`update knowledge_documents set attempts = 3, claimed_at = now() - interval '1 hour' where id = ?`, [
          document.id,
        ]);
      await indexFiles();
      const failed = (await call.ok('get_knowledge_document', { id: document.id })).document;
      expect(failed).to.deep.include({ status: 'failed', chunk_count: 0 });
      expect(failed.status_reason).to.include('3 attempts');
    });

    it('a document changed while its file waited keeps the change; delete removes its chunks and frees the file', async () => {
      const pdf = await upload('manual-2.pdf', fixture('document-manual.pdf'));
      const { document } = await call.ok('add_knowledge_document', { file_id: pdf.id, title: 'Second manual' });
      await call.ok('update_knowledge_document', { id: document.id, content: 'Replaced before the job ran.' });
      await indexFiles();
      const now = (await call.ok('get_knowledge_document', { id: document.id })).document;
      expect(now).to.deep.include({
        status: 'ready',
        source: 'content',
        format: 'text',
        file_id: null,
        chunk_count: 1,
      });
      expect((await call.ok('delete_knowledge_document', { id: document.id })).deleted).to.equal(true);
      await call.fails('get_knowledge_document', { id: document.id }, 'not_found');
      expect((await search('replaced before the job')).some((r) => r.document_id === document.id)).to.equal(false);
      expect((await call.ok('delete_file', { file_id: pdf.id })).deleted).to.equal(true);
    });

    it('get_knowledge_settings counts the documents by status and their chunks', async () => {
      const { documents } = await call.ok('get_knowledge_settings');
      const listed = (await call.ok('list_knowledge_documents', { limit: 100 })).documents as any[];
      for (const status of ['processing', 'ready', 'failed'])
        expect(documents[status], status).to.equal(listed.filter((d) => d.status === status).length);
      expect(documents.ready).to.be.greaterThan(0);
      expect(documents.failed).to.be.greaterThan(0);
      expect(documents.chunks).to.equal(listed.reduce((sum, d) => sum + d.chunk_count, 0));
    });

    it('at most 1,000 documents per shop: the next is refused with the counts', async () => {
      const other = await k.newShop('Full shop');
      await k.orm.em
        .fork()
        .getConnection()
        .execute(
          `insert into knowledge_documents (shop_id, title, format, language, language_given, ts_config, surfaces, status, char_count, chunk_count, attempts, created_at, updated_at)
           select ?, 'Doc ' || n, 'text', 'en', false, 'sb_en', '[]', 'ready', 0, 0, 0, now(), now() from generate_series(1, 1000) n`,
          [other.shopId],
        );
      const refused = await fails(
        k,
        other.token,
        'add_knowledge_document',
        { title: 'One more', content: 'Text.' },
        'knowledge_document_limit_reached',
      );
      expect(refused).to.deep.include({ current_count: 1000, max_allowed: 1000 });
    });
  });

  it('file_id on a server without the storage group is group_not_enabled', async () => {
    const k = await bootKernel({ groups: ['prompt', 'knowledge'] });
    try {
      const shop = await k.newShop('No storage');
      const answer = await fails(k, shop.token, 'add_knowledge_document', { file_id: 1 }, 'group_not_enabled');
      expect(answer.group).to.equal('storage');
    } finally {
      await k.close();
    }
  });
});
