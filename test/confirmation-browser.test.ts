import { expect } from 'chai';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from './helpers/chromium.js';
import type { TestKernel } from './helpers/boot.js';
import { TestDatabase } from './helpers/test-database.js';
import { bootWithFixture } from './fixtures/confirm-group/boot-with-fixture.js';

/** The confirmation page as a person uses it: real Chromium against the listening kernel. */
describe('confirmation page in headless Chromium', function () {
  this.timeout(60_000);
  let db: TestDatabase;
  let k: TestKernel;
  let browser: Browser;
  let page: Page;
  let shop: { shopId: number; token: string };
  let other: { shopId: number; token: string };

  before(async () => {
    db = await TestDatabase.create();
    k = await bootWithFixture(db.url, { jobs: { enabled: false } });
    await k.listen();
    shop = await k.newShop('Browser shop');
    other = await k.newShop('Browser other shop');
    browser = await launchChromium();
  });
  beforeEach(async () => {
    page = await (await browser.newContext()).newPage();
  });
  afterEach(() => page?.context().close());
  after(async () => {
    await browser?.close();
    await k?.close();
    await db?.drop();
  });

  const setWebhook = async (url: string) => {
    const res = await k.call(shop.token, 'fixture_set_webhook', { url, secret: 'browser-secret-123' });
    expect(res.payload.requires_confirmation, JSON.stringify(res.payload)).to.equal(true);
    return res.payload as { confirmation_url: string; summary: string };
  };
  const webhookNames = async (s: { token: string }): Promise<string[]> =>
    (await k.call(s.token, 'fixture_list_items')).payload.items
      .map((i: any) => i.name as string)
      .filter((n: string) => n.startsWith('webhook '));
  const press = async (button: 'approve' | 'reject') => {
    const response = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith(`/${button}`));
    await page.click(`#${button}`);
    const status = (await response).status();
    await page.waitForLoadState('load');
    return status;
  };

  it('the confirmation_url points at the listening server', async () => {
    const { confirmation_url } = await setWebhook('https://hooks.example/url');
    expect(confirmation_url.startsWith(`${k.baseUrl()}/confirmations/`)).to.equal(true);
    expect(k.baseUrl()).to.match(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  it('shows the summary; Approve carries out the call in the shop and shows the result', async () => {
    const { confirmation_url, summary } = await setWebhook('https://hooks.example/approve');
    const opened = await page.goto(confirmation_url);
    expect(opened!.status()).to.equal(200);
    expect(await page.textContent('h1')).to.equal('Confirm this action');
    expect(await page.textContent('.summary')).to.equal(summary);
    expect(await page.isVisible('#approve')).to.equal(true);
    expect(await page.isVisible('#reject')).to.equal(true);
    await page.screenshot({ path: '/tmp/confirmation-page.png', fullPage: true });

    expect(await press('approve')).to.equal(200);
    expect(await page.textContent('h1')).to.equal('Done');
    expect(await page.textContent('#result')).to.equal('The action was carried out.');
    expect(await page.textContent('pre')).to.include('webhook https://hooks.example/approve');
    await page.screenshot({ path: '/tmp/confirmation-done.png', fullPage: true });
    expect(await webhookNames(shop)).to.include('webhook https://hooks.example/approve');
    expect(await webhookNames(other)).to.not.include('webhook https://hooks.example/approve');

    // Opening the link again, or going back to the form, cannot run it a second time.
    const again = await page.goto(confirmation_url);
    expect(again!.status()).to.equal(410);
    expect(await page.textContent('h1')).to.equal('Already confirmed');
    expect(await page.isVisible('#approve')).to.equal(false);
    expect((await webhookNames(shop)).filter((n) => n === 'webhook https://hooks.example/approve')).to.have.length(1);
  });

  it('Reject discards the call', async () => {
    const { confirmation_url } = await setWebhook('https://hooks.example/reject');
    await page.goto(confirmation_url);
    expect(await press('reject')).to.equal(200);
    expect(await page.textContent('h1')).to.equal('Rejected');
    expect(await page.textContent('#state')).to.include('Nothing was done');
    expect(await webhookNames(shop)).to.not.include('webhook https://hooks.example/reject');
    const reopened = await page.goto(confirmation_url);
    expect(reopened!.status()).to.equal(410);
    expect(await page.textContent('#state')).to.equal('This action was rejected. Nothing was done.');
  });

  it('an invalidated link says it was replaced; the newest link works', async () => {
    const old = await setWebhook('https://hooks.example/first-try');
    const newest = await setWebhook('https://hooks.example/second-try');
    const opened = await page.goto(old.confirmation_url);
    expect(opened!.status()).to.equal(410);
    expect(await page.textContent('h1')).to.equal('Confirmation no longer valid');
    expect(await page.textContent('#state'))
      .to.include('the assistant called the tool again')
      .and.include('use the newest link');
    expect(await page.isVisible('#approve')).to.equal(false);

    await page.goto(newest.confirmation_url);
    expect(await press('approve')).to.equal(200);
    const names = await webhookNames(shop);
    expect(names).to.include('webhook https://hooks.example/second-try');
    expect(names).to.not.include('webhook https://hooks.example/first-try');
  });

  it('a page left open after the link was invalidated refuses the click', async () => {
    const stale = await setWebhook('https://hooks.example/stale');
    await page.goto(stale.confirmation_url);
    await setWebhook('https://hooks.example/stale-replacement');
    expect(await press('approve')).to.equal(410);
    expect(await page.textContent('h1')).to.equal('Confirmation no longer valid');
    expect(await webhookNames(shop)).to.not.include('webhook https://hooks.example/stale');
  });

  it('an unknown link says so', async () => {
    const opened = await page.goto(`${k.baseUrl()}/confirmations/no-such-token`);
    expect(opened!.status()).to.equal(404);
    expect(await page.textContent('h1')).to.equal('Confirmation not found');
  });
});
