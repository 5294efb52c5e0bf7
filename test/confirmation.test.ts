import { expect } from 'chai';
import type { TestKernel } from './helpers/boot.js';
import { TestDatabase } from './helpers/test-database.js';
import { hashConfirmationToken } from '../core/confirmation/confirmation-service.js';
import { bootWithFixture } from './fixtures/confirm-group/boot-with-fixture.js';

describe('confirmation rule', () => {
  let db: TestDatabase;
  let k: TestKernel;
  let a: { shopId: number; token: string };
  let b: { shopId: number; token: string };

  before(async () => {
    db = await TestDatabase.create();
    k = await bootWithFixture(db.url);
    a = await k.newShop('Confirm shop A');
    b = await k.newShop('Confirm shop B');
  });
  after(async () => {
    await k?.close();
    await db?.drop();
  });

  const sql = (kernel: TestKernel, query: string, params: unknown[] = []) =>
    kernel.orm.em.getConnection().execute(query, params);
  const rowOf = async (token: string) =>
    (await sql(k, 'select * from pending_confirmations where token_hash = ?', [hashConfirmationToken(token)]))[0];
  const createItem = async (shop: { token: string }, name: string, locked = false) => {
    const { payload } = await k.call(shop.token, 'fixture_create_item', { action: 'create', name, locked });
    expect(payload.success, JSON.stringify(payload)).to.equal(true);
    return payload.item.id as number;
  };
  const itemIds = async (shop: { token: string }, kernel = k) =>
    (await kernel.call(shop.token, 'fixture_list_items')).payload.items.map((i: any) => i.id);
  const del = (shop: { token: string }, itemId: number, extra: Record<string, unknown> = {}, kernel = k) =>
    kernel.call(shop.token, 'fixture_delete_item', { action: 'delete', item_id: itemId, ...extra });

  const expectPending = (res: { payload: any; isError: boolean }) => {
    expect(res.isError, JSON.stringify(res.payload)).to.equal(false);
    expect(res.payload.success).to.equal(false);
    expect(res.payload.requires_confirmation).to.equal(true);
    expect(res.payload.confirmation_token).to.be.a('string').with.length.above(20);
    expect(res.payload.summary).to.be.a('string').and.not.equal('');
    expect(res.payload.message).to.be.a('string');
  };
  const expectDeleted = (res: { payload: any; isError: boolean }, id: number) => {
    expect(res.isError, JSON.stringify(res.payload)).to.equal(false);
    expect(res.payload).to.deep.equal({ success: true, deleted: true, id });
  };

  describe('tool descriptors', () => {
    it('advertise the confirmation arguments and say how confirmation works', async () => {
      const res = await k.rpc({ jsonrpc: '2.0', id: 1, method: 'tools/list' }, a.token);
      const tools = Object.fromEntries(res.body.result.tools.map((t: any) => [t.name, t]));
      const agent = tools.fixture_delete_item;
      expect(agent.inputSchema.properties).to.include.keys('action', 'item_id', 'confirm', 'confirmation_token');
      expect(agent.inputSchema.required).to.not.include('confirm');
      expect(agent.description).to.match(/confirm: true/);
      expect(agent.annotations).to.include({ destructiveHint: true, readOnlyHint: false });
      const user = tools.fixture_set_webhook;
      expect(user.inputSchema.properties).to.include.keys('url', 'secret', 'confirm', 'confirmation_token');
      expect(user.inputSchema.properties.confirm.description).to.match(/^Does not execute/);
      expect(user.description)
        .to.match(/confirmation_url/)
        .and.match(/do not call again/);
      expect(tools.fixture_create_item.inputSchema.properties).to.not.have.any.keys('confirm', 'confirmation_token');
    });
  });

  describe('agent-confirmed tools', () => {
    it('a first call does not execute: it describes the call and returns a token (a warning, not an error)', async () => {
      const id = await createItem(a, 'first-call');
      const before = Date.now();
      const res = await del(a, id);
      expectPending(res);
      expect(res.payload.summary).to.equal(`Deletes fixture item ${id} ("first-call").`);
      expect(res.payload.message).to.match(/confirm: true/);
      expect(res.payload).to.not.have.any.keys('confirmation_url', 'invalidated_previous');
      const expires = Date.parse(res.payload.expires_at);
      expect(res.payload.expires_at).to.equal(new Date(expires).toISOString());
      expect(expires - before).to.be.within(599_000, 601_000 + (Date.now() - before));
      expect(await itemIds(a)).to.include(id);
      const row = await rowOf(res.payload.confirmation_token);
      expect(row).to.include({ shop_id: a.shopId, tool: 'fixture_delete_item', policy: 'agent', status: 'pending' });
    });

    it('confirm: true with the same arguments executes once; replaying it does not execute again', async () => {
      const id = await createItem(a, 'confirm-once');
      const first = await del(a, id);
      expectPending(first);
      expectDeleted(await del(a, id, { confirm: true }), id);
      expect(await itemIds(a)).to.not.include(id);
      expect((await rowOf(first.payload.confirmation_token)).status).to.equal('executed');

      // The replay finds no pending confirmation, so it is answered like a first call; had it run
      // the handler, it would have answered not_found.
      const replay = await del(a, id, { confirm: true });
      expectPending(replay);
      expect(replay.payload.confirmation_token).to.not.equal(first.payload.confirmation_token);
      const replayWithToken = await del(a, id, { confirm: true, confirmation_token: first.payload.confirmation_token });
      expectPending(replayWithToken);
    });

    it("confirm: true with the first call's confirmation_token executes", async () => {
      const id = await createItem(a, 'with-token');
      const first = await del(a, id);
      expectDeleted(await del(a, id, { confirm: true, confirmation_token: first.payload.confirmation_token }), id);
    });

    it('a wrong confirmation_token does not execute, even with matching arguments', async () => {
      const id = await createItem(a, 'wrong-token');
      await del(a, id);
      const wrong = await del(a, id, { confirm: true, confirmation_token: 'not-a-token' });
      expectPending(wrong);
      expect(await itemIds(a)).to.include(id);
      expectDeleted(await del(a, id, { confirm: true, confirmation_token: wrong.payload.confirmation_token }), id);
    });

    it('confirm: true with other arguments does not execute: it is a new pending confirmation', async () => {
      const x = await createItem(a, 'args-x');
      const y = await createItem(a, 'args-y');
      const first = await del(a, x);
      const other = await del(a, y, { confirm: true });
      expectPending(other);
      expect(other.payload.summary).to.equal(`Deletes fixture item ${y} ("args-y").`);
      expect(other.payload.confirmation_token).to.not.equal(first.payload.confirmation_token);
      expect(await itemIds(a)).to.include.members([x, y]);
      // X's confirmation is untouched.
      expectDeleted(await del(a, x, { confirm: true }), x);
      expect(await itemIds(a)).to.include(y);
    });

    it('confirm: true with no earlier call is answered like a first call', async () => {
      const id = await createItem(a, 'no-prior');
      const res = await del(a, id, { confirm: true });
      expectPending(res);
      expect(await itemIds(a)).to.include(id);
      expectDeleted(await del(a, id, { confirm: true }), id);
    });

    it('confirm: false is a first call', async () => {
      const id = await createItem(a, 'confirm-false');
      await del(a, id);
      expectPending(await del(a, id, { confirm: false }));
      expect(await itemIds(a)).to.include(id);
    });

    it('repeating the first call leaves one confirmation: two confirms do not execute twice', async () => {
      const id = await createItem(a, 'two-first-calls');
      const first = await del(a, id);
      const second = await del(a, id);
      expect((await rowOf(first.payload.confirmation_token)).status).to.equal('invalidated');
      expectDeleted(await del(a, id, { confirm: true }), id);
      // Had the first confirmation still been pending, this would have run the handler (not_found).
      expectPending(await del(a, id, { confirm: true }));
      expect((await rowOf(second.payload.confirmation_token)).status).to.equal('executed');
    });

    it('the argument order and the confirmation controls do not change the binding', async () => {
      const id = await createItem(a, 'canonical');
      await k.call(a.token, 'fixture_delete_item', { item_id: id, action: 'delete' });
      expectDeleted(await k.call(a.token, 'fixture_delete_item', { confirm: true, action: 'delete', item_id: id }), id);
    });

    it('a precheck refuses a call that would fail anyway on the first call, and no confirmation is created', async () => {
      const first = await createItem(a, 'Precheck one');
      const second = await createItem(a, 'Precheck two');
      const rename = (id: number, name: string, extra: Record<string, unknown> = {}) =>
        k.call(a.token, 'fixture_rename_item', { action: 'rename', item_id: id, name, ...extra });
      const pendingBefore = (
        await sql(k, "select count(*)::int as n from pending_confirmations where tool = 'fixture_rename_item'")
      )[0].n;
      const taken = await rename(second, 'Precheck one');
      expect(taken.isError).to.equal(true);
      expect(taken.payload).to.include({ success: false, error_code: 'conflict', field: 'name' });
      expect((await rename(999_999, 'Anything')).payload.error_code).to.equal('not_found');
      const pendingAfter = (
        await sql(k, "select count(*)::int as n from pending_confirmations where tool = 'fixture_rename_item'")
      )[0].n;
      expect(pendingAfter).to.equal(pendingBefore);

      const fine = await rename(first, 'Precheck renamed');
      expectPending(fine);
      const done = await rename(first, 'Precheck renamed', { confirm: true });
      expect(done.payload).to.deep.equal({
        success: true,
        item: { id: first, name: 'Precheck renamed', locked: false },
      });
    });

    it('invalid arguments are refused before any confirmation is issued', async () => {
      const res = await k.call(a.token, 'fixture_delete_item', { action: 'delete', item_id: 'x', confirm: 'yes' });
      expect(res.isError).to.equal(true);
      expect(res.payload.error_code).to.equal('invalid_arguments');
      expect(res.payload.errors.map((e: any) => e.path)).to.include.members(['item_id', 'confirm']);
    });

    it("another shop's confirm: true does not consume the shop's confirmation", async () => {
      const id = await createItem(a, 'cross-shop');
      const first = await del(a, id);
      const fromB = await del(b, id, { confirm: true });
      expectPending(fromB);
      expect(fromB.payload.summary).to.equal(`Deletes fixture item ${id}, which does not exist.`);
      expectPending(await del(b, id, { confirm: true, confirmation_token: first.payload.confirmation_token }));
      expect((await rowOf(first.payload.confirmation_token)).status).to.equal('pending');
      expect(await itemIds(a)).to.include(id);
      expectDeleted(await del(a, id, { confirm: true, confirmation_token: first.payload.confirmation_token }), id);
    });

    it('a failing confirmed call rolls back the consumption: the same confirmation can be retried', async () => {
      const id = await createItem(a, 'locked', true);
      const first = await del(a, id);
      const failed = await del(a, id, { confirm: true });
      expect(failed.isError).to.equal(true);
      expect(failed.payload).to.include({ success: false, error_code: 'invalid_state', current_status: 'locked' });
      expect((await rowOf(first.payload.confirmation_token)).status).to.equal('pending');
      await sql(k, 'update fixture_items set locked = false where id = ?', [id]);
      expectDeleted(await del(a, id, { confirm: true }), id);
    });

    it('two concurrent confirm: true calls execute exactly once', async () => {
      for (let round = 0; round < 5; round++) {
        const id = await createItem(a, `race-${round}`);
        await del(a, id);
        const results = await Promise.all([
          del(a, id, { confirm: true }),
          del(a, id, { confirm: true }),
          del(a, id, { confirm: true }),
        ]);
        const executed = results.filter((r) => r.payload.success === true);
        expect(executed, JSON.stringify(results.map((r) => r.payload))).to.have.length(1);
        expectDeleted(executed[0]!, id);
        for (const r of results.filter((x) => x !== executed[0])) expectPending(r);
      }
    });

    describe('with a short TTL', () => {
      let short: TestKernel;
      before(async () => {
        short = await bootWithFixture(db.url, { confirmation: { ttlSeconds: 10 } });
      });
      after(() => short?.close());

      it('expires_at follows confirmation.ttlSeconds', async () => {
        const id = await createItem(a, 'ttl');
        const before = Date.now();
        const res = await del(a, id, {}, short);
        expectPending(res);
        expect(Date.parse(res.payload.expires_at) - before).to.be.within(9_000, 10_000 + (Date.now() - before));
      });

      it('an expired confirmation does not execute', async () => {
        const id = await createItem(a, 'expired');
        const first = await del(a, id, {}, short);
        await sql(k, "update pending_confirmations set expires_at = now() - interval '1 second' where token_hash = ?", [
          hashConfirmationToken(first.payload.confirmation_token),
        ]);
        expectPending(await del(a, id, { confirm: true }, short));
        expectPending(await del(a, id, { confirm: true, confirmation_token: first.payload.confirmation_token }, short));
        expect(await itemIds(a)).to.include(id);
        expect((await rowOf(first.payload.confirmation_token)).status).to.equal('pending');
        expectDeleted(await del(a, id, { confirm: true }, short), id);
      });
    });

    it('a pending confirmation survives a restart and any process can complete it', async () => {
      const first = await bootWithFixture(db.url);
      const id = await createItem(a, 'restart');
      expectPending(await del(a, id, {}, first));
      await first.close();
      const second = await bootWithFixture(db.url);
      try {
        expectDeleted(await del(a, id, { confirm: true }, second), id);
        expect(await itemIds(a, second)).to.not.include(id);
      } finally {
        await second.close();
      }
    });
  });

  describe('user-confirmed tools', () => {
    const SECRET = 'whsec-very-secret-0042';
    const setWebhook = (shop: { token: string }, url: string, extra: Record<string, unknown> = {}, kernel = k) =>
      kernel.call(shop.token, 'fixture_set_webhook', { url, secret: SECRET, ...extra });
    const pathOf = (url: string) => new URL(url).pathname;
    const page = (url: string, kernel = k) => kernel.app.inject({ method: 'GET', url: pathOf(url) });
    const press = (url: string, button: 'approve' | 'reject', kernel = k) =>
      kernel.app.inject({
        method: 'POST',
        url: `${pathOf(url)}/${button}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    const webhookNames = async (shop: { token: string }) =>
      (await k.call(shop.token, 'fixture_list_items')).payload.items
        .map((i: any) => i.name)
        .filter((n: string) => n.startsWith('webhook '));

    it('a first call returns a confirmation_url and tells the client to stop', async () => {
      const res = await setWebhook(a, 'https://a.example/first');
      expectPending(res);
      expect(res.payload.summary).to.equal(
        "Sends this shop's events to https://a.example/first, signed with the given secret.",
      );
      expect(res.payload.confirmation_url).to.equal(`${k.baseUrl()}/confirmations/${res.payload.confirmation_token}`);
      expect(res.payload.message)
        .to.match(/confirmation_url/)
        .and.match(/Stop now: do not call fixture_set_webhook again/);
      expect(res.payload).to.not.have.property('invalidated_previous');
      expect(await webhookNames(a)).to.not.include('webhook https://a.example/first');
      const row = await rowOf(res.payload.confirmation_token);
      expect(row).to.include({ shop_id: a.shopId, policy: 'user', status: 'pending' });
    });

    it('the page shows the summary with Approve and Reject', async () => {
      const { payload } = await setWebhook(a, 'https://a.example/page');
      const res = await page(payload.confirmation_url);
      expect(res.statusCode).to.equal(200);
      expect(res.headers['content-type']).to.match(/^text\/html/);
      expect(res.headers['cache-control']).to.equal('no-store');
      expect(res.headers['content-security-policy'])
        .to.include("frame-ancestors 'none'")
        .and.include("form-action 'self'");
      expect(res.headers['x-frame-options']).to.equal('DENY');
      expect(res.headers['referrer-policy']).to.equal('same-origin');
      expect(res.body).to.include(
        'Sends this shop&#39;s events to https://a.example/page, signed with the given secret.',
      );
      expect(res.body).to.include(`action="/confirmations/${payload.confirmation_token}/approve"`);
      expect(res.body).to.include(`action="/confirmations/${payload.confirmation_token}/reject"`);
      expect(res.body).to.not.include(SECRET);
    });

    it('confirm: true does not execute: the call is a repeated call like any other', async () => {
      const first = await setWebhook(a, 'https://a.example/agent-confirms');
      const res = await setWebhook(a, 'https://a.example/agent-confirms', {
        confirm: true,
        confirmation_token: first.payload.confirmation_token,
      });
      expectPending(res);
      expect(res.payload.message).to.match(/confirm: true does not execute/);
      expect(res.payload.invalidated_previous).to.equal(1);
      expect(await webhookNames(a)).to.not.include('webhook https://a.example/agent-confirms');
      expect((await page(first.payload.confirmation_url)).statusCode).to.equal(410);
    });

    it('a repeated call invalidates the pending confirmation, says so, and the old page tells', async () => {
      const first = await setWebhook(a, 'https://a.example/repeat');
      const again = await setWebhook(a, 'https://a.example/repeat-other');
      expectPending(again);
      expect(again.payload.invalidated_previous).to.equal(1);
      expect(again.payload.message).to.match(/invalidated the earlier pending confirmation/);
      const old = await page(first.payload.confirmation_url);
      expect(old.statusCode).to.equal(410);
      expect(old.body).to.include('Confirmation no longer valid').and.include('use the newest link');
      const oldApprove = await press(first.payload.confirmation_url, 'approve');
      expect(oldApprove.statusCode).to.equal(410);
      expect(await webhookNames(a)).to.not.include('webhook https://a.example/repeat');
      expect((await page(again.payload.confirmation_url)).statusCode).to.equal(200);
    });

    it("another shop's call does not invalidate the shop's pending confirmation", async () => {
      const mine = await setWebhook(a, 'https://a.example/not-b');
      const theirs = await setWebhook(b, 'https://b.example/hook');
      expect(theirs.payload).to.not.have.property('invalidated_previous');
      expect((await rowOf(mine.payload.confirmation_token)).status).to.equal('pending');
      expect((await page(mine.payload.confirmation_url)).statusCode).to.equal(200);
    });

    it('Approve executes the stored call once, in the right shop, and shows the result', async () => {
      await setWebhook(b, 'https://b.example/before');
      const { payload } = await setWebhook(a, 'https://a.example/approved');
      const res = await press(payload.confirmation_url, 'approve');
      expect(res.statusCode).to.equal(200);
      expect(res.body)
        .to.include('<h1>Done</h1>')
        .and.include('The action was carried out.')
        .and.include('webhook https://a.example/approved');
      expect(await webhookNames(a)).to.include('webhook https://a.example/approved');
      expect(await webhookNames(b)).to.not.include('webhook https://a.example/approved');
      const row = await rowOf(payload.confirmation_token);
      expect(row.status).to.equal('executed');
      expect(row.result).to.deep.include({ success: true });

      const again = await press(payload.confirmation_url, 'approve');
      expect(again.statusCode).to.equal(410);
      expect(again.body).to.include('Already confirmed').and.include('already approved');
      expect((await page(payload.confirmation_url)).statusCode).to.equal(410);
      expect((await press(payload.confirmation_url, 'reject')).statusCode).to.equal(410);
      expect((await webhookNames(a)).filter((n: string) => n === 'webhook https://a.example/approved')).to.have.length(
        1,
      );
    });

    it("a cross-site form post cannot approve; the page's own origin can", async () => {
      const { payload } = await setWebhook(a, 'https://a.example/csrf');
      const post = (origin: string) =>
        k.app.inject({
          method: 'POST',
          url: `${pathOf(payload.confirmation_url)}/approve`,
          headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        });
      expect((await post('https://evil.example')).statusCode).to.equal(403);
      expect((await post('null')).statusCode).to.equal(403);
      expect((await rowOf(payload.confirmation_token)).status).to.equal('pending');
      expect(await webhookNames(a)).to.not.include('webhook https://a.example/csrf');
      expect((await post(new URL(k.baseUrl()).origin)).statusCode).to.equal(200);
      expect(await webhookNames(a)).to.include('webhook https://a.example/csrf');
    });

    it('two concurrent approvals execute once', async () => {
      const { payload } = await setWebhook(a, 'https://a.example/race');
      const results = await Promise.all([
        press(payload.confirmation_url, 'approve'),
        press(payload.confirmation_url, 'approve'),
      ]);
      expect(results.map((r) => r.statusCode).sort()).to.deep.equal([200, 410]);
      expect((await webhookNames(a)).filter((n: string) => n === 'webhook https://a.example/race')).to.have.length(1);
    });

    it('a failed approval shows the failure and leaves the confirmation usable', async () => {
      const { payload } = await setWebhook(a, 'https://a.example/approved');
      const res = await press(payload.confirmation_url, 'approve');
      expect(res.statusCode).to.equal(200);
      expect(res.body)
        .to.include('The action failed')
        .and.include('a webhook to https://a.example/approved is already set');
      expect((await rowOf(payload.confirmation_token)).status).to.equal('pending');
      expect((await page(payload.confirmation_url)).statusCode).to.equal(200);
    });

    it('Reject discards the call; the token is gone afterwards', async () => {
      const { payload } = await setWebhook(a, 'https://a.example/rejected');
      const res = await press(payload.confirmation_url, 'reject');
      expect(res.statusCode).to.equal(200);
      expect(res.body).to.include('<h1>Rejected</h1>').and.include('Nothing was done');
      expect((await rowOf(payload.confirmation_token)).status).to.equal('rejected');
      const after = await page(payload.confirmation_url);
      expect(after.statusCode).to.equal(410);
      expect(after.body).to.include('This action was rejected');
      expect((await press(payload.confirmation_url, 'approve')).statusCode).to.equal(410);
      expect((await press(payload.confirmation_url, 'reject')).statusCode).to.equal(410);
      expect(await webhookNames(a)).to.not.include('webhook https://a.example/rejected');
    });

    it('an expired confirmation shows 410 and cannot be approved', async () => {
      const { payload } = await setWebhook(a, 'https://a.example/expired');
      await sql(k, "update pending_confirmations set expires_at = now() - interval '1 second' where token_hash = ?", [
        hashConfirmationToken(payload.confirmation_token),
      ]);
      const res = await page(payload.confirmation_url);
      expect(res.statusCode).to.equal(410);
      expect(res.body).to.include('Confirmation expired');
      expect((await press(payload.confirmation_url, 'approve')).statusCode).to.equal(410);
      expect((await press(payload.confirmation_url, 'reject')).statusCode).to.equal(410);
      expect(await webhookNames(a)).to.not.include('webhook https://a.example/expired');
      // A later call has nothing live to invalidate: it does not claim to, and the old page still says expired.
      const next = await setWebhook(a, 'https://a.example/after-expiry');
      expect(next.payload).to.not.have.property('invalidated_previous');
      expect((await page(payload.confirmation_url)).body).to.include('Confirmation expired');
    });

    it('an unknown token shows 404', async () => {
      for (const token of ['unknown-token', 'x'.repeat(90), '%E2%9C%93', encodeURIComponent('<script>')]) {
        const res = await k.app.inject({ method: 'GET', url: `/confirmations/${token}` });
        expect(res.statusCode, token).to.equal(404);
        expect(res.body).to.include('Confirmation not found');
        expect((await k.app.inject({ method: 'POST', url: `/confirmations/${token}/approve` })).statusCode).to.equal(
          404,
        );
        expect((await k.app.inject({ method: 'POST', url: `/confirmations/${token}/reject` })).statusCode).to.equal(
          404,
        );
      }
    });

    it('a pending confirmation can be approved after a restart', async () => {
      const { payload } = await setWebhook(a, 'https://a.example/after-restart');
      const other = await bootWithFixture(db.url);
      try {
        expect((await press(payload.confirmation_url, 'approve', other)).statusCode).to.equal(200);
      } finally {
        await other.close();
      }
      expect(await webhookNames(a)).to.include('webhook https://a.example/after-restart');
    });

    it('stored arguments are sealed: the secret is nowhere in plain text', async () => {
      const { payload } = await setWebhook(a, 'https://a.example/sealed');
      await press(payload.confirmation_url, 'approve');
      const rows = await sql(k, 'select * from pending_confirmations where shop_id = ? and tool = ?', [
        a.shopId,
        'fixture_set_webhook',
      ]);
      expect(rows.length).to.be.above(5);
      for (const row of rows) {
        expect(row.args_sealed).to.match(/^v1\./);
        expect(JSON.stringify(row)).to.not.include(SECRET).and.not.include('very-secret');
      }
    });
  });
});
