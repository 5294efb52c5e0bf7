import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { caller, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';
import { qrPng } from '../sandbox/pairing-qr.js';
import type { GraphApiFake } from './fakes/graph-api-fake.js';
import { cloudKernel, NUMBER, WABA } from './helpers/cloud-kernel.js';

const CUSTOMER = '+34600600700';

/** The inbound message the customer's media arrived with, once stored. */
const inboundWith = async (call: ReturnType<typeof caller>, sessionId: number, providerMessageId: string) =>
  waitFor('the inbound message', async () =>
    (
      await call.ok('list_chatapp_messages', {
        phone: CUSTOMER,
        session_id: sessionId,
        direction: 'inbound',
        limit: 100,
      })
    ).messages.find((m: any) => m.provider_message_id === providerMessageId),
  );

describe('whatsapp_ops Cloud API media: inbound media kept through the storage group, uploads by media id', () => {
  let k: TestKernel;
  let fake: GraphApiFake;
  let shopId: number;
  let call: ReturnType<typeof caller>;
  let line: any;
  let png: Buffer;

  before(async () => {
    png = await qrPng('a photo of the parcel');
    const c = await cloudKernel({ ops: { groups: ['storage'] } });
    ({ k, fake, shopId, line } = c);
    call = caller(k, c.token);
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('an image is fetched with the token while its URL lives and kept as a file of the shop, once', async () => {
    const written = fake.customerWrites(NUMBER.id, CUSTOMER, {
      media: { bytes: png, mimeType: 'image/png', caption: 'El paquete' },
    });
    await written.delivered;
    const message = await inboundWith(call, line.id, written.id);
    expect(message.media).to.deep.include({ url: null, mime_type: 'image/png', caption: 'El paquete' });
    expect(message.media.provider_media_id).to.be.a('string');
    expect(message.media.file_id).to.be.a('number');
    const [file] = await rows(
      k,
      'select purpose, content_type, size_bytes, filename from storage_files where shop_id = ? and id = ?',
      [shopId, message.media.file_id],
    );
    expect(file).to.deep.include({ purpose: 'chat_media', content_type: 'image/png' });
    expect(Number(file.size_bytes)).to.equal(png.length);
    // Meta delivers the notification again: nothing is fetched or kept twice.
    const downloads = fake.requests.filter((r) => r.path === '/whatsapp_business/attachments/').length;
    const again = fake.emitter(WABA).attempts.at(-1)!.body;
    expect((await fake.emitter(WABA).post(again, 'valid')).status).to.equal(200);
    expect(fake.requests.filter((r) => r.path === '/whatsapp_business/attachments/').length).to.equal(downloads);
    expect((await rows(k, 'select count(*)::int as n from storage_files where shop_id = ?', [shopId]))[0].n).to.equal(
      1,
    );
  });

  it('media storage refuses is recorded with its media id and why it was not kept; the message is not lost', async () => {
    const written = fake.customerWrites(NUMBER.id, CUSTOMER, {
      media: {
        bytes: Buffer.from('PK\u0003\u0004 not really a zip'),
        mimeType: 'application/zip',
        filename: 'catalogo.zip',
      },
    });
    await written.delivered;
    const message = await inboundWith(call, line.id, written.id);
    expect(message.media).to.include({ url: null, mime_type: 'application/zip', filename: 'catalogo.zip' });
    expect(message.media.file_id).to.equal(undefined);
    expect(message.media.not_kept).to.match(/^not kept: storage refused it/);
    expect(message.media.provider_media_id).to.be.a('string');
  });

  it('upload_chatapp_media sends a stored file to the number and answers its media id', async () => {
    const { file } = await call.ok('upload_file_base64', {
      filename: 'banner.png',
      content_base64: png.toString('base64'),
      purpose: 'campaign_media',
    });
    const uploaded = await call.ok('upload_chatapp_media', { session_id: line.id, file_id: file.id });
    expect(uploaded).to.include({ session_id: line.id, file_id: file.id });
    expect(uploaded.media_id).to.match(/^\d+$/);
    expect(
      fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith(`/${NUMBER.id}/media`) && r.status === 200),
    ).to.have.length(1);
    await call.fails('upload_chatapp_media', { session_id: line.id, file_id: 999_999 }, 'not_found');
  });
});

describe('whatsapp_ops Cloud API media without the storage group', () => {
  let k: TestKernel;
  let fake: GraphApiFake;
  let call: ReturnType<typeof caller>;
  let line: any;

  before(async () => {
    const c = await cloudKernel();
    ({ k, fake, line } = c);
    call = caller(k, c.token);
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('the message records the media id and says it was not kept; nothing is downloaded', async () => {
    const written = fake.customerWrites(NUMBER.id, CUSTOMER, {
      media: { bytes: Buffer.from('x'), mimeType: 'image/jpeg' },
    });
    await written.delivered;
    const message = await inboundWith(call, line.id, written.id);
    expect(message.media.not_kept).to.match(/storage group is not enabled/);
    expect(message.media.provider_media_id).to.be.a('string');
    expect(fake.requests.filter((r) => r.path === '/whatsapp_business/attachments/')).to.have.length(0);
    await call.fails('upload_chatapp_media', { session_id: line.id, file_id: 1 }, 'group_not_enabled');
  });
});
