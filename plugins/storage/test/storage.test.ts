import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { bootKernel, TEST_KERNEL_SECRET, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok, rows } from '../../../test/helpers/ops-kernel.js';
import { SecretBox } from '../../../test/helpers/kernel-internals.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { serviceProbe } from '../../../test/fixtures/fixture-groups.js';
import { startS3 } from './s3-server.js';

/** A real 1×1 PNG, a minimal PDF, and an HTML page. */
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4480000000049454e44ae426082',
  'hex',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
const b64 = (b: Buffer) => b.toString('base64');

async function bootStorage(dir: string, config: Record<string, unknown> = {}) {
  return bootKernel({
    groups: ['storage'],
    overrides: {
      groups: {
        storage: { enabled: true, config: { localDir: dir, maxBase64Bytes: 200_000, ...config } },
        service_probe: serviceProbe,
      },
    },
  });
}

describe('storage: the shop’s files', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let dir: string;
  let shop: { shopId: number; token: string };
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const fetchPath = (url: string, init: { method?: string; body?: Buffer; headers?: Record<string, string> } = {}) => {
    const { pathname, search } = new URL(url);
    return k.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: pathname + search,
      headers: init.headers,
      ...(init.body && { payload: init.body }),
    });
  };

  /** Makes this shop's released keys due (the job waits a minute after the delete). */
  const releasedAMinuteAgo = (kernel = k, shopId = shop.shopId) =>
    rows(kernel, `update storage_released_keys set released_at = now() - interval '2 minutes' where shop_id = ?`, [
      shopId,
    ]);

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sb-files-'));
    k = await bootStorage(dir, { quotaBytes: 400_000 });
    shop = await k.newShop('Files shop');
  });
  after(async () => {
    await k?.close();
    await rm(dir, { recursive: true, force: true });
  });

  describe('uploads are checked', () => {
    it('base64: the type comes from the bytes; equal contents are stored once', async () => {
      const first = await call.ok('upload_file_base64', {
        filename: 'logo.png',
        content_base64: b64(PNG),
        purpose: 'chat_media',
      });
      expect(first.deduplicated).to.equal(false);
      expect(first.file).to.deep.include({
        filename: 'logo.png',
        purpose: 'chat_media',
        content_type: 'image/png',
        size_bytes: PNG.length,
        status: 'ready',
        references: 0,
      });
      expect(first.file.sha256).to.match(/^[0-9a-f]{64}$/);
      const again = await call.ok('upload_file_base64', {
        filename: 'C:\\Users\\me\\logo copy.png',
        content_base64: b64(PNG),
        purpose: 'campaign_media',
      });
      expect(again.deduplicated).to.equal(true);
      expect(again.file.filename).to.equal('logo copy.png');
      expect(again.file.id).not.to.equal(first.file.id);
      expect(await readdir(join(dir, String(shop.shopId)))).to.deep.equal([first.file.sha256]);
      const usage = await call.ok('get_storage_usage');
      expect(usage).to.deep.include({ used_bytes: PNG.length, quota_bytes: 400_000, files: 2, adapter: 'local' });
    });

    it('a declared type the bytes contradict is refused, both ways', async () => {
      const pngAsPdf = await call.fails(
        'upload_file_base64',
        { filename: 'x.pdf', content_base64: b64(PNG), purpose: 'chat_media', content_type: 'application/pdf' },
        'content_type_mismatch',
      );
      expect(pngAsPdf).to.include({ declared: 'application/pdf', detected: 'image/png' });
      const pageAsImage = await call.fails(
        'upload_file_base64',
        { filename: 'x.png', content_base64: b64(HTML), purpose: 'chat_media', content_type: 'image/png' },
        'content_type_mismatch',
      );
      expect(pageAsImage.detected).to.equal(null);
      await call.fails(
        'upload_file_base64',
        { filename: 'notes.txt', content_base64: b64(Buffer.from('hello')), purpose: 'docqa' },
        'invalid_arguments',
      );
      const text = await call.ok('upload_file_base64', {
        filename: 'notes.txt',
        content_base64: b64(Buffer.from('Opening hours: 9 to 5\n')),
        purpose: 'docqa',
        content_type: 'text/plain; charset=utf-8',
      });
      expect(text.file.content_type).to.equal('text/plain');
      await call.fails(
        'upload_file_base64',
        {
          filename: 'bin.txt',
          content_base64: b64(Buffer.from([0, 1, 2, 3, 200, 201])),
          purpose: 'docqa',
          content_type: 'text/plain',
        },
        'content_type_mismatch',
      );
      await call.fails(
        'upload_file_base64',
        { filename: 'a.png', content_base64: b64(PNG), purpose: 'docqa' },
        'invalid_arguments',
      );
      await call.fails(
        'upload_file_base64',
        { filename: 'a.png', content_base64: '***', purpose: 'chat_media' },
        'invalid_arguments',
      );
    });

    it('sizes: the purpose’s limit per type, and the base64 cap', async () => {
      const big = await call.fails(
        'create_upload_url',
        { filename: 'me.png', content_type: 'image/png', size_bytes: 2_000_000, purpose: 'avatar' },
        'file_too_large',
      );
      expect(big.max_bytes).to.equal(1024 * 1024);
      const padded = Buffer.concat([PNG, Buffer.alloc(210_000)]);
      await call.fails(
        'upload_file_base64',
        { filename: 'p.png', content_base64: b64(padded), purpose: 'chat_media' },
        'file_too_large',
      );
    });

    it('an upload URL takes the declared bytes once; other bytes, more bytes and bad links are refused', async () => {
      const made = await call.ok('create_upload_url', {
        filename: 'menu.pdf',
        content_type: 'application/pdf',
        size_bytes: PDF.length + 100,
        purpose: 'chat_media',
      });
      expect(made.file.status).to.equal('pending');
      expect(made.method).to.equal('PUT');
      const wrongType = await fetchPath(made.upload_url, {
        method: 'PUT',
        body: PNG,
        headers: { 'content-type': 'application/pdf' },
      });
      expect(wrongType.statusCode).to.equal(415);
      const tooBig = await fetchPath(made.upload_url, {
        method: 'PUT',
        body: Buffer.concat([PDF, Buffer.alloc(101)]),
        headers: { 'content-type': 'application/pdf' },
      });
      expect(tooBig.statusCode).to.equal(413);
      const forged = await fetchPath(made.upload_url.replace(/sig=[^&]+/, 'sig=forged'), { method: 'PUT', body: PDF });
      expect(forged.statusCode).to.equal(403);
      const put = await fetchPath(made.upload_url, {
        method: 'PUT',
        body: PDF,
        headers: { 'content-type': 'application/json' },
      });
      expect(put.statusCode, put.body).to.equal(200);
      expect(put.json().file).to.include({ id: made.file.id, status: 'ready', content_type: 'application/pdf' });
      expect((await fetchPath(made.upload_url, { method: 'PUT', body: PDF })).statusCode).to.equal(409);

      const secrets = new SecretBox(TEST_KERNEL_SECRET);
      const exp = Math.floor(Date.now() / 1000) - 5;
      const sig = secrets.mac(`storage-upload:${shop.shopId}:${made.file.id}:${exp}`);
      expect(
        (await fetchPath(`http://x/files/upload/${made.file.id}?exp=${exp}&sig=${sig}`, { method: 'PUT', body: PDF }))
          .statusCode,
      ).to.equal(410);
    });

    it('the quota counts each content once and refuses what does not fit', async () => {
      const a = Buffer.concat([PDF, Buffer.from('a'.repeat(150_000))]);
      await call.ok('upload_file_base64', { filename: 'a.pdf', content_base64: b64(a), purpose: 'chat_media' });
      const b = Buffer.concat([PDF, Buffer.from('b'.repeat(150_000))]);
      await call.ok('upload_file_base64', { filename: 'b.pdf', content_base64: b64(b), purpose: 'chat_media' });
      const c = Buffer.concat([PDF, Buffer.from('c'.repeat(150_000))]);
      const refused = await call.fails(
        'upload_file_base64',
        { filename: 'c.pdf', content_base64: b64(c), purpose: 'chat_media' },
        'quota_exceeded',
      );
      expect(refused.quota_bytes).to.equal(400_000);
      // The same content again takes no space.
      expect(
        (await call.ok('upload_file_base64', { filename: 'a2.pdf', content_base64: b64(a), purpose: 'chat_media' }))
          .deduplicated,
      ).to.equal(true);
      await call.fails(
        'create_upload_url',
        { filename: 'd.pdf', content_type: 'application/pdf', size_bytes: 200_000, purpose: 'chat_media' },
        'quota_exceeded',
      );
    });
  });

  describe('links', () => {
    it('a signed link serves the bytes with the checked type and nosniff; tampering or expiry refuse it', async () => {
      const { files } = await call.ok('list_files', { query: 'logo.png' });
      const { url, expires_at } = await call.ok('get_file_url', { file_id: files[0].id, expires_minutes: 5 });
      expect(new Date(expires_at).getTime() - Date.now()).to.be.within(290_000, 301_000);
      const res = await fetchPath(url);
      expect(res.statusCode).to.equal(200);
      expect(res.rawPayload.equals(PNG)).to.equal(true);
      expect(res.headers).to.include({ 'content-type': 'image/png', 'x-content-type-options': 'nosniff' });
      expect(res.headers['content-disposition']).to.match(/^inline; filename="logo.png"/);
      expect((await fetchPath(url.replace(/exp=\d+/, 'exp=9999999999'))).statusCode).to.equal(403);
      expect((await fetchPath(url.replace('d=i', 'd=a'))).statusCode).to.equal(403);
      expect(
        (await fetchPath(url.replace(`/files/${files[0].id}/`, `/files/${files[0].id + 1}/`))).statusCode,
      ).to.equal(403);
      const secrets = new SecretBox(TEST_KERNEL_SECRET);
      const exp = Math.floor(Date.now() / 1000) - 1;
      const sig = secrets.mac(`storage-file:${shop.shopId}:${files[0].id}:${exp}:i`);
      expect((await fetchPath(`http://x/files/${files[0].id}/logo.png?exp=${exp}&d=i&sig=${sig}`)).statusCode).to.equal(
        410,
      );
    });

    it('a page is always a download', async () => {
      const { file } = await call.ok('upload_file_base64', {
        filename: 'faq.html',
        content_base64: b64(HTML),
        purpose: 'docqa',
        content_type: 'text/html',
      });
      const { url } = await call.ok('get_file_url', { file_id: file.id, disposition: 'inline' });
      const res = await fetchPath(url);
      expect(res.headers['content-disposition']).to.match(/^attachment;/);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.headers['content-security-policy']).to.match(/sandbox/);
    });
  });

  describe('records', () => {
    it('a file in use cannot be deleted; the conflict names its users', async () => {
      const { file } = await call.ok('upload_file_base64', {
        filename: 'promo.pdf',
        content_base64: b64(Buffer.concat([PDF, Buffer.from('promo')])),
        purpose: 'campaign_media',
      });
      await inShop(k, shop.shopId, ({ services }) =>
        services.storageFilesService.link(file.id, { group: 'mass_marketing', type: 'campaign', id: 7 }, [
          'campaign_media',
        ]),
      );
      const refused = await call.fails('delete_file', { file_id: file.id }, 'conflict');
      expect(refused.used_by).to.deep.equal([{ group: 'mass_marketing', type: 'campaign', id: '7' }]);
      expect((await call.ok('get_file', { file_id: file.id })).used_by).to.have.length(1);
      expect((await call.ok('list_files', { linked: true })).files.map((f: any) => f.id)).to.deep.equal([file.id]);
      expect((await call.ok('list_files', { linked: false })).files.some((f: any) => f.id === file.id)).to.equal(false);
      await inShop(k, shop.shopId, ({ services }) =>
        services.storageFilesService.unlink({ group: 'mass_marketing', type: 'campaign', id: 7 }),
      );
      expect(await call.ok('delete_file', { file_id: file.id })).to.deep.equal({
        success: true,
        deleted: true,
        id: file.id,
      });
      await call.fails('get_file', { file_id: file.id }, 'not_found');
      // The bytes go once the delete has committed, a minute later, by the job.
      expect(await readdir(join(dir, String(shop.shopId)))).to.include(file.sha256);
      await releasedAMinuteAgo();
      expect(await k.scheduler.runTick('storage.delete-released-bytes', new Date(Date.UTC(2011, 0, 1, 0, 0)))).to.equal(
        'ran',
      );
      expect(await readdir(join(dir, String(shop.shopId)))).not.to.include(file.sha256);
      expect(await rows(k, 'select * from storage_released_keys where shop_id = ?', [shop.shopId])).to.deep.equal([]);
    });

    it('content uploaded again before its bytes are deleted keeps them', async () => {
      const body = Buffer.concat([PDF, Buffer.from('again')]);
      const { file } = await call.ok('upload_file_base64', {
        filename: 'again.pdf',
        content_base64: b64(body),
        purpose: 'chat_media',
      });
      await call.ok('delete_file', { file_id: file.id });
      expect(
        await rows(k, 'select storage_key from storage_released_keys where shop_id = ?', [shop.shopId]),
      ).to.have.length(1);
      const again = await call.ok('upload_file_base64', {
        filename: 'again.pdf',
        content_base64: b64(body),
        purpose: 'chat_media',
      });
      expect(
        await rows(k, 'select storage_key from storage_released_keys where shop_id = ?', [shop.shopId]),
      ).to.deep.equal([]);
      // Even a release the upload did not see (a delete committing meanwhile) leaves used bytes alone.
      await rows(
        k,
        `insert into storage_released_keys (shop_id, storage_key, released_at) values (?, ?, now() - interval '2 minutes')`,
        [shop.shopId, `${shop.shopId}/${again.file.sha256}`],
      );
      expect(await k.scheduler.runTick('storage.delete-released-bytes', new Date(Date.UTC(2011, 0, 1, 0, 1)))).to.equal(
        'ran',
      );
      const { url } = await call.ok('get_file_url', { file_id: again.file.id });
      const res = await fetchPath(url);
      expect(res.statusCode).to.equal(200);
      expect(res.rawPayload.equals(body)).to.equal(true);
      await call.ok('delete_file', { file_id: again.file.id });
      await releasedAMinuteAgo();
      await k.scheduler.runTick('storage.delete-released-bytes', new Date(Date.UTC(2011, 0, 1, 0, 2)));
      expect(await readdir(join(dir, String(shop.shopId)))).not.to.include(again.file.sha256);
    });

    it('deleting one of two files with the same content keeps the bytes for the other', async () => {
      const { files } = await call.ok('list_files', { query: 'logo', limit: 10 });
      expect(files).to.have.length(2);
      await call.ok('delete_file', { file_id: files[0].id });
      expect(await readdir(join(dir, String(shop.shopId)))).to.include(files[1].sha256);
      const { url } = await call.ok('get_file_url', { file_id: files[1].id });
      expect((await fetchPath(url)).statusCode).to.equal(200);
    });

    it('update: rename, move to a purpose that suits, tags', async () => {
      const { files } = await call.ok('list_files', { query: 'logo', limit: 10 });
      const { file } = await call.ok('update_file', {
        file_id: files[0].id,
        filename: 'brand.png',
        purpose: 'avatar',
        tags: ['brand', ' brand ', 'blue'],
      });
      expect(file).to.include({ filename: 'brand.png', purpose: 'avatar' });
      expect(file.tags).to.deep.equal(['brand', 'blue']);
      await call.fails('update_file', { file_id: files[0].id, purpose: 'docqa' }, 'invalid_arguments');
      await call.fails('update_file', { file_id: files[0].id, filename: '../etc' }, 'invalid_arguments');
      await call.fails('update_file', { file_id: files[0].id }, 'invalid_arguments');
      expect(
        (await call.ok('list_files', { content_type: 'image/', purpose: 'avatar' })).files.map((f: any) => f.id),
      ).to.deep.equal([files[0].id]);
    });

    it('clean-up lists old unused files, and deletes them only when told', async () => {
      await rows(
        k,
        `update storage_files set created_at = now() - interval '40 days' where shop_id = ? and filename in ('a.pdf', 'b.pdf')`,
        [shop.shopId],
      );
      const dry = await call.ok('cleanup_unused_files', { older_than_days: 30 });
      expect(dry).to.deep.include({ dry_run: true, count: 2 });
      expect(
        (await call.ok('list_files', { query: '.pdf', limit: 100 })).files.some((f: any) => f.filename === 'a.pdf'),
      ).to.equal(true);
      const done = await call.ok('cleanup_unused_files', { older_than_days: 30, dry_run: false });
      expect(done.files.map((f: any) => f.filename).sort()).to.deep.equal(['a.pdf', 'b.pdf']);
      expect((await call.ok('list_files', { query: 'b.pdf' })).count).to.equal(0);
      // a2.pdf had a.pdf's content: it still reads.
      const [a2] = (await call.ok('list_files', { query: 'a2.pdf' })).files;
      expect((await fetchPath((await call.ok('get_file_url', { file_id: a2.id })).url)).statusCode).to.equal(200);
    });
  });

  describe('import from a URL', () => {
    let server: Server;
    let base: string;
    before(async () => {
      server = createServer((req, res) => {
        if (req.url === '/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
        if (req.url === '/lying.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(HTML);
        if (req.url === '/moved')
          return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
        res.writeHead(404).end('no');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it('fetches through the network guard and checks like an upload', async () => {
      const { file } = await call.ok('import_file_from_url', { url: `${base}/logo.png`, purpose: 'chat_media' });
      expect(file).to.include({ filename: 'logo.png', content_type: 'image/png' });
      await call.fails(
        'import_file_from_url',
        { url: `${base}/lying.png`, purpose: 'chat_media' },
        'content_type_mismatch',
      );
      expect(
        (await call.fails('import_file_from_url', { url: `${base}/missing`, purpose: 'chat_media' }, 'fetch_failed'))
          .http_status,
      ).to.equal(404);
      await call.fails('import_file_from_url', { url: `${base}/moved`, purpose: 'chat_media' }, 'url_not_allowed');
      await call.fails(
        'import_file_from_url',
        { url: 'http://10.1.2.3/x.png', purpose: 'chat_media' },
        'url_not_allowed',
      );
    });
  });

  describe('on an S3-compatible store', () => {
    let s3: Awaited<ReturnType<typeof startS3>>;
    let k3: TestKernel;
    before(async () => {
      s3 = await startS3('switchboard-files');
      k3 = await bootKernel({
        groups: ['storage'],
        overrides: {
          groups: {
            storage: {
              enabled: true,
              config: {
                adapter: 's3',
                s3: {
                  bucket: 'switchboard-files',
                  endpoint: s3.endpoint,
                  accessKeyId: 'S3RVER',
                  secretAccessKey: 'S3RVER',
                  forcePathStyle: true,
                },
              },
            },
            service_probe: serviceProbe,
          },
        },
      });
    });
    after(async () => {
      await k3?.close();
      await s3?.close();
    });

    it('stores, serves and deletes through S3', async () => {
      const other = await k3.newShop('S3 shop');
      const { file } = await ok(k3, other.token, 'upload_file_base64', {
        filename: 'menu.pdf',
        content_base64: b64(PDF),
        purpose: 'chat_media',
      });
      const { url } = await ok(k3, other.token, 'get_file_url', { file_id: file.id });
      const { pathname, search } = new URL(url);
      const res = await k3.app.inject({ method: 'GET', url: pathname + search });
      expect(res.statusCode).to.equal(200);
      expect(res.rawPayload.equals(PDF)).to.equal(true);
      expect((await ok(k3, other.token, 'get_storage_usage')).adapter).to.equal('s3');
      await ok(k3, other.token, 'delete_file', { file_id: file.id });
      expect((await k3.app.inject({ method: 'GET', url: pathname + search })).statusCode).to.equal(403);
      const key = `${other.shopId}/${file.sha256}`;
      const stored = () => inShop(k3, other.shopId, ({ services }) => services.storagePort.exists(key));
      expect(await stored()).to.equal(true);
      await releasedAMinuteAgo(k3, other.shopId);
      await k3.scheduler.runTick('storage.delete-released-bytes', new Date(Date.UTC(2011, 0, 1, 1, 0)));
      expect(await stored()).to.equal(false);
    });
  });
});
