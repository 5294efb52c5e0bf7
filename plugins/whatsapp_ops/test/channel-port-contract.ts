import { expect } from 'chai';
import type { ChannelEvent, CreatedSession, SessionRef } from '../channel/channel-port.js';
import { ChannelError, type ChannelErrorCode } from '../channel/channel-error.js';
import type { ChannelHarness, HarnessFactory } from './helpers/channel-harnesses.js';
import { http } from '../../../test/helpers/http.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// Signed session creation trusts the main server's shop id; the sandbox adapter records none.
const SHOP_ID = 1;

async function failure(promise: Promise<unknown>): Promise<ChannelError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ChannelError) return err;
    throw err;
  }
  throw new Error('expected a ChannelError, the call succeeded');
}

const expectCode = async (promise: Promise<unknown>, code: ChannelErrorCode) =>
  expect((await failure(promise)).code).to.equal(code);

/**
 * What every adapter of the channel port must do, written once and run against each adapter, so
 * the sandbox, the session service and the Cloud API cannot drift apart. Where an adapter
 * legitimately differs its capabilities say so: a registered number (the Cloud API) has no pairing
 * and keeps no line state of its own (the caller's record is the line's state).
 */
export function channelPortContract(factory: HarnessFactory): void {
  describe(`channel port contract: ${factory.name}`, () => {
    let h: ChannelHarness;
    let session: CreatedSession;
    let ref: SessionRef;

    const eventsOf = <T extends ChannelEvent['type']>(type: T) =>
      h.events.filter(
        (e): e is Extract<ChannelEvent, { type: T }> => e.type === type && e.sessionKey === ref.sessionKey,
      );
    const statusesOf = (providerMessageId: string) =>
      eventsOf('message.status')
        .filter((e) => e.receipt.providerMessageId === providerMessageId)
        .map((e) => e.receipt.status);

    const pairs = () => h.port.capabilities.pairing;
    const keepsLineState = () => h.port.capabilities.lineState;

    before(async () => {
      h = await factory.start();
    });
    after(() => h?.close());

    it('createSession starts pairing (a QR as PNG and data URL, and a pairing link where the engine has one), or registers a number connected at once; labelled with its engine', async () => {
      session = await h.port.createSession({
        shopId: SHOP_ID,
        label: 'Contract',
        ...(h.externalId && { externalId: h.externalId }),
      });
      ref = { sessionKey: session.sessionKey, apiKey: session.apiKey, externalId: session.externalId };
      const { pairing } = session;
      expect(pairing).to.include({ sessionKey: session.sessionKey, engine: h.label.engine, sandbox: h.label.sandbox });
      expect(pairing.notice).to.match(h.label.notice);
      if (!pairs()) {
        expect(pairing).to.include({ status: 'connected', pairingUrl: null, qrImageUrl: null, qrDataUrl: null });
        expect(session.phone).to.match(/^\+\d{8,15}$/);
        return;
      }
      expect(pairing.status).to.equal('awaiting_pairing');
      if (h.pairsByLink) expect(pairing.pairingUrl).to.match(/^http:\/\/.+\/sandbox\/pair\/[\w-]+$/);
      else expect(pairing.pairingUrl).to.equal(null);
      expect(pairing.qrDataUrl).to.match(/^data:image\/png;base64,/);
      const image = await http('GET', pairing.qrImageUrl!);
      expect(image.status).to.equal(200);
      expect(image.bytes.subarray(0, 8).equals(PNG_MAGIC)).to.equal(true);
    });

    it('status before pairing: awaiting_pairing, no phone; a registered number: connected with its phone; labelled with its engine', async () => {
      const info = await h.port.status(ref);
      expect(info).to.include({ sessionKey: ref.sessionKey, engine: h.label.engine, sandbox: h.label.sandbox });
      if (!pairs()) {
        expect(info).to.include({ status: 'connected', phone: session.phone });
        return;
      }
      expect(info).to.include({ status: 'awaiting_pairing', phone: null });
      await expectCode(
        h.port.send({ ...ref, to: '+34600111222', text: 'early', idempotencyKey: 'early' }),
        'session_not_connected',
      );
    });

    it('pairing connects the session and reports session.connected', async function () {
      if (!pairs()) return this.skip();
      await h.pair(session);
      const info = await h.port.status(ref);
      expect(info.status).to.equal('connected');
      expect(info.phone).to.match(/^\+\d{8,15}$/);
      expect(info.connectedAt).to.be.instanceOf(Date);
      const [event] = await waitFor(
        'session.connected',
        () => eventsOf('session.connected').length > 0 && eventsOf('session.connected'),
      );
      expect(event!.phone).to.equal(info.phone);
      const again = await h.port.connect(ref);
      expect(again).to.include({ status: 'connected', pairingUrl: null, qrDataUrl: null });
    });

    let providerMessageId: string;
    it('send returns a provider message id; the same idempotency key never makes a second message', async () => {
      const input = { ...ref, to: '+34 600 111 222', text: 'Hello from the contract', idempotencyKey: 'contract-1' };
      const first = await h.port.send(input);
      expect(first.providerMessageId).to.be.a('string').with.length.greaterThan(8);
      expect(first).to.include({ status: 'sent', duplicate: false });
      expect(first.sentAt).to.be.instanceOf(Date);
      const retries = await Promise.all([h.port.send(input), h.port.send(input), h.port.send(input)]);
      for (const retry of retries)
        expect(retry).to.include({ providerMessageId: first.providerMessageId, duplicate: true });
      expect(await h.records(ref.sessionKey, 'contract-1')).to.equal(1);
      providerMessageId = first.providerMessageId;
    });

    it('concurrent first sends with one key still record one message', async () => {
      const input = { ...ref, to: '+34600111222', text: 'race', idempotencyKey: 'contract-race' };
      const results = await Promise.all(Array.from({ length: 5 }, () => h.port.send(input)));
      expect(new Set(results.map((r) => r.providerMessageId)).size).to.equal(1);
      expect(results.filter((r) => !r.duplicate)).to.have.length(1);
      expect(await h.records(ref.sessionKey, 'contract-race')).to.equal(1);
    });

    it('refuses a reused key with other content, a bad recipient and an empty message', async () => {
      await expectCode(
        h.port.send({ ...ref, to: '+34600111222', text: 'different', idempotencyKey: 'contract-1' }),
        'idempotency_conflict',
      );
      await expectCode(
        h.port.send({ ...ref, to: 'not a phone', text: 'x', idempotencyKey: 'bad-to' }),
        'invalid_recipient',
      );
      await expectCode(
        h.port.send({ ...ref, to: '+34600111222', text: '  ', idempotencyKey: 'empty' }),
        'invalid_message',
      );
      expect(await h.records(ref.sessionKey, 'bad-to')).to.equal(0);
    });

    it('sendMany answers each input in order: a refused one does not refuse the others, a repeated key is a duplicate', async () => {
      const answers = await h.port.sendMany([
        { ...ref, to: '+34600111222', text: 'batch one', idempotencyKey: 'contract-batch-1' },
        { ...ref, to: 'nobody', text: 'batch two', idempotencyKey: 'contract-batch-2' },
        { ...ref, to: '+34600111223', text: 'batch three', idempotencyKey: 'contract-batch-3' },
        { ...ref, to: '+34 600 111 222', text: 'Hello from the contract', idempotencyKey: 'contract-1' },
      ]);
      expect(answers[0]).to.include({ status: 'sent', duplicate: false });
      expect(answers[1]).to.be.instanceOf(ChannelError);
      expect((answers[1] as ChannelError).code).to.equal('invalid_recipient');
      expect(answers[2]).to.include({ status: 'sent', duplicate: false });
      expect(answers[3]).to.include({ providerMessageId, duplicate: true });
      for (const key of ['contract-batch-1', 'contract-batch-3'])
        expect(await h.records(ref.sessionKey, key)).to.equal(1);
      expect(await h.records(ref.sessionKey, 'contract-batch-2')).to.equal(0);
    });

    it('a burst beyond what a line may send a second, and messages to one customer in a row: each sent once, none refused for throughput', async () => {
      const burst = Math.ceil((h.throttle?.perSecond ?? 20) * 1.5);
      const inputs = Array.from({ length: burst }, (_, i) => ({
        ...ref,
        to: `+3460055${String(i).padStart(4, '0')}`,
        text: `burst ${i}`,
        idempotencyKey: `contract-burst-${i}`,
      }));
      const answers = await h.port.sendMany(inputs);
      for (const answer of answers) expect(answer, String(answer)).to.include({ status: 'sent', duplicate: false });
      for (const input of inputs) expect(await h.records(ref.sessionKey, input.idempotencyKey)).to.equal(1);
      const pair = await h.port.sendMany(
        [0, 1, 2].map((i) => ({ ...ref, to: '+34600559999', text: `pair ${i}`, idempotencyKey: `contract-pair-${i}` })),
      );
      for (const answer of pair) expect(answer, String(answer)).to.include({ status: 'sent', duplicate: false });
    });

    it('sends media by URL', async () => {
      const result = await h.port.send({
        ...ref,
        to: '+34600111222',
        media: { url: 'https://example.test/invoice.pdf', mimeType: 'application/pdf', filename: 'invoice.pdf' },
        idempotencyKey: 'contract-media',
      });
      expect(result.status).to.equal('sent');
      await expectCode(
        h.port.send({
          ...ref,
          to: '+34600111222',
          media: { url: 'ftp://x', mimeType: 'application/pdf' },
          idempotencyKey: 'bad-media',
        }),
        'invalid_message',
      );
    });

    it('receipts follow: sent, delivered, read, in that order', async () => {
      const statuses = await waitFor(
        'the read receipt',
        () => statusesOf(providerMessageId).includes('read') && statusesOf(providerMessageId),
      );
      expect(statuses).to.deep.equal(['sent', 'delivered', 'read']);
    });

    it('an inbound message arrives as message.received', async () => {
      await h.inject(ref, '+34600111222', 'A reply');
      const [event] = await waitFor(
        'message.received',
        () => eventsOf('message.received').length > 0 && eventsOf('message.received'),
      );
      expect(event!.message).to.include({ from: '+34600111222', text: 'A reply', media: null });
      expect(event!.message.providerMessageId).to.be.a('string');
      expect(event!.message.timestamp).to.be.instanceOf(Date);
    });

    it('an event the handler refuses is delivered again later, and only then accepted', async () => {
      h.failNextDeliveries(1);
      const refusedBefore = h.refusedDeliveries();
      await h.inject(ref, '+34600111222', 'second reply');
      const event = await waitFor(
        'the redelivered event',
        () => eventsOf('message.received').find((e) => e.message.text === 'second reply'),
        8000,
      );
      expect(h.refusedDeliveries()).to.equal(refusedBefore + 1);
      expect(eventsOf('message.received').filter((e) => e.id === event.id)).to.have.length(1);
    });

    it('after a restart the same idempotency key still answers with the first message', async () => {
      await h.restart();
      const again = await h.port.send({
        ...ref,
        to: '+34600111222',
        text: 'Hello from the contract',
        idempotencyKey: 'contract-1',
      });
      expect(again).to.include({ providerMessageId, duplicate: true });
      expect(await h.records(ref.sessionKey, 'contract-1')).to.equal(1);
      expect((await h.port.status(ref)).status).to.equal('connected');
    });

    it('logout disconnects (session.disconnected) and refuses sends; connect starts a new pairing', async () => {
      const info = await h.port.logout(ref);
      expect(info).to.include({ status: 'logged_out', sandbox: h.label.sandbox });
      expect(info.disconnectedAt).to.be.instanceOf(Date);
      if (!keepsLineState()) {
        // The caller's record holds the line's state; connecting the number again answers connected.
        expect(await h.port.connect(ref)).to.include({ status: 'connected', pairingUrl: null });
        return;
      }
      const [event] = await waitFor(
        'session.disconnected',
        () => eventsOf('session.disconnected').length > 0 && eventsOf('session.disconnected'),
      );
      expect(event!.reason).to.equal(h.logoutReason ?? 'logged_out');
      await expectCode(
        h.port.send({ ...ref, to: '+34600111222', text: 'after logout', idempotencyKey: 'after-logout' }),
        'session_not_connected',
      );
      const pairing = await h.port.connect(ref);
      expect(pairing.status).to.equal('awaiting_pairing');
      expect(pairing.qrDataUrl).to.be.a('string').and.not.equal(session.pairing.qrDataUrl);
      if (h.pairsByLink) expect(pairing.pairingUrl).to.be.a('string').and.not.equal(session.pairing.pairingUrl);
    });

    it('deleteSession removes it', async function () {
      if (!keepsLineState()) return this.skip();
      await h.port.deleteSession(ref);
      await expectCode(h.port.status(ref), h.deletedSessionCode);
    });

    it('an unknown session fails with a coded error', async () => {
      const unknown = { ...h.unknownSession, ...(ref.apiKey && { apiKey: ref.apiKey }) };
      const err = await failure(h.port.status(unknown));
      expect(['session_not_found', 'unauthorized']).to.include(err.code);
    });
  });
}
