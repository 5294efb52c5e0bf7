import { expect } from 'chai';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { launchChromium } from '../../../test/helpers/chromium.js';
import { caller } from '../../../test/helpers/ops-kernel.js';

/** The web call button on the shop's site (shop.example) in headless Chromium, on the sandbox provider. */
describe('voice: the web call button in headless Chromium', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let site: Server;
  let port: number;
  let browser: Browser;
  let tab: Page;
  let c: ReturnType<typeof caller>;

  before(async () => {
    k = await bootKernel({
      groups: ['prompt', 'knowledge', 'customers', 'voice'],
      overrides: { jobs: { enabled: false }, auth: { requestsPerWindow: 1_000_000 } },
    });
    const base = await k.listen();
    const { token } = await k.newShop('Button shop');
    c = caller(k, token);
    await c.ok('create_knowledge_snippet', {
      title: 'Opening hours',
      question: 'When are you open?',
      content: 'We are open Monday to Friday from 9 to 18.',
    });
    await c.ok('configure_voice', { provider: 'sandbox', language_mode: 'fixed', language_fixed: 'en' });
    const { button } = await c.ok('configure_web_call_button', { enabled: true, allowed_domains: ['shop.example'] });
    const embed = button.embed_snippet.replace(/src="[^"]+"/, `src="${base}/voice/web/button.js"`);
    site = createServer((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(`<!doctype html><html><body><h1>Shop</h1>${embed}</body></html>`);
    });
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
    port = (site.address() as AddressInfo).port;
    browser = await launchChromium(['shop.example', 'evil.example']);
  });
  beforeEach(async () => {
    tab = await (await browser.newContext()).newPage();
  });
  afterEach(() => tab?.context().close());
  after(async () => {
    await browser?.close();
    await new Promise((r) => site?.close(r));
    await k?.close();
  });

  it('a visitor gives a phone, calls, and the assistant answers each line', async () => {
    await tab.goto(`http://shop.example:${port}/`);
    await tab.click('button.open');
    await tab.fill('input[aria-label=phone]', '+34 611 000 222');
    await tab.click('form button.act');
    await tab.waitForSelector('.line.assistant');
    expect(await tab.textContent('.line.assistant')).to.include('assistant of Button shop');
    await tab.fill('input[aria-label=say]', 'When are you open?');
    await tab.press('input[aria-label=say]', 'Enter');
    await tab.waitForSelector('.line.assistant >> nth=1');
    expect(await tab.locator('.line.assistant').nth(1).textContent()).to.include('We are open Monday to Friday');
    await tab.click('text=Hang up');
    await tab.waitForSelector('text=The call has ended.');
    const { calls } = await c.ok('list_calls', { phone: '+34611000222' });
    expect(calls[0]).to.deep.include({ status: 'completed', sandbox: true });
  });

  it('a site not in allowed_domains gets no button', async () => {
    const refused = tab.waitForEvent('requestfailed', (r) => r.url().endsWith('/config'));
    await tab.goto(`http://evil.example:${port}/`);
    await refused;
    await tab.waitForTimeout(200);
    expect(await tab.locator('[data-switchboard-call]').count()).to.equal(0);
  });
});
