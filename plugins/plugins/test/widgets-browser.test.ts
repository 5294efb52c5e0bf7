import { expect } from 'chai';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { launchChromium } from '../../../test/helpers/chromium.js';
import { caller } from '../../../test/helpers/ops-kernel.js';
import { fakeCertificate } from '../../../test/helpers/storefronts/fake-server.js';
import { StoreData } from '../../../test/helpers/storefronts/store-data.js';
import { WooCommerceFake } from '../../../test/helpers/storefronts/woocommerce-fake.js';

/** WIDGET_SCREENSHOTS=docs/screenshots writes the README's pictures from this run. */
const SHOTS = process.env.WIDGET_SCREENSHOTS;

/** A page of the shop's site: hostile CSS, then the embed. */
const page = (title: string, embed: string) => `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title>
<style>body, body * { all: unset !important; } body { display: block !important; font-family: serif !important; }</style>
<script>
  window.widgetRendered = null;
  new MutationObserver((_, observer) => {
    if (document.querySelector('[data-switchboard-widget]')) { window.widgetRendered = performance.now(); observer.disconnect(); }
  }).observe(document.documentElement, { childList: true, subtree: true });
</script></head>
<body><h1>${title}</h1><p>A page of the shop with its own (hostile) style.</p>${embed}</body></html>`;

/**
 * The widgets as a shopper meets them: real Chromium loads pages of the shop's site (a second
 * origin, shop.example) that embed the script from the server; a site not in allowed_domains
 * (evil.example) gets nothing.
 */
describe('plugins: the widgets in headless Chromium', function () {
  this.timeout(120_000);
  let k: TestKernel;
  let woo: WooCommerceFake;
  let site: Server;
  let sitePort: number;
  let browser: Browser;
  let tab: Page;
  let c: ReturnType<typeof caller>;
  const keys: Record<string, string> = {};
  const errors: string[] = [];

  before(async () => {
    woo = await new WooCommerceFake(StoreData.seed({ products: 1, customers: 1, orders: 1 }), {
      consumerKey: 'ck_b',
      consumerSecret: 'cs_b',
    }).start();
    k = await bootKernel({
      groups: ['prompt', 'knowledge', 'customers', 'integrations', 'products', 'plugins'],
      overrides: {
        jobs: { enabled: false },
        auth: { requestsPerWindow: 1_000_000 },
        network: { trustedCaPem: fakeCertificate().certPem },
      },
    });
    const base = await k.listen();
    const { token } = await k.newShop('Browser widget shop');
    c = caller(k, token);
    await c.ok('create_knowledge_snippet', {
      title: 'Opening hours',
      question: 'When are you open?',
      content: 'We are open Monday to Friday from 9:00 to 18:00. See https://shop.example/hours',
    });
    keys.chat = (
      await c.ok('configure_plugin_chat', {
        plugin_type: 'chat',
        is_enabled: true,
        allowed_domains: ['shop.example'],
        config_design: { primary_color: '#7b2cbf', title: 'Tienda Luna' },
        config_texts: { greeting: 'Hello! Ask us anything.' },
      })
    ).plugin.public_key;
    const { assistant } = await c.ok('create_docqa_assistant', {
      display_name: 'Kora manuals',
      allowed_domains: ['shop.example'],
    });
    await c.ok('add_docqa_file', {
      assistant_id: assistant.id,
      name: 'Kora blender manual',
      format: 'markdown',
      text: '# Cleaning\n\nRinse the jug with warm water after each use.\n\n# Warranty\n\nThe Kora motor has a seven year warranty.',
    });
    keys.docqa = assistant.public_key;
    const store = {
      platform_type: 'ecomB',
      ecomB_store_url: woo.origin,
      ecomB_consumer_key: 'ck_b',
      ecomB_consumer_secret: 'cs_b',
    };
    await k.call(token, 'connect_ecommerce', store);
    await c.ok('connect_ecommerce', { ...store, confirm: true });
    await c.ok('sync_products', { mode: 'full' });
    for (let i = 0; i < 300 && (await c.ok('get_product_sync_status')).sync_run.status === 'running'; i++)
      await new Promise((r) => setTimeout(r, 20));
    await c.ok('create_knowledge_snippet', {
      title: 'Washing',
      question: 'Can it be washed in the machine?',
      content: 'Yes: machine wash at 30 degrees.',
    });
    keys.productQa = (
      await c.ok('configure_plugin_productqa', {
        plugin_type: 'product-qa',
        is_enabled: true,
        allowed_domains: 'shop.example',
      })
    ).plugin.public_key;
    const script = (key: string) => `<script src="${base}/widget/embed.js" data-key="${key}" async></script>`;
    site = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const pages: Record<string, string> = {
        '/chat': page('Tienda Luna', script(keys.chat!)),
        '/docqa': page('Kora help', script(keys.docqa!)),
        '/framed': page(
          'Help page',
          `<iframe src="${base}/widget/${keys.chat}/frame" width="420" height="520"></iframe>`,
        ),
        '/product': page('Organic tee', script(keys.productQa!).replace(' async>', ' data-product="1000" async>')),
      };
      const html = pages[path];
      res.writeHead(html ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' }).end(html ?? 'not found');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    sitePort = (site.address() as AddressInfo).port;
    browser = await launchChromium(['shop.example', 'evil.example']);
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  beforeEach(async () => {
    errors.length = 0;
    tab = await (await browser.newContext({ viewport: { width: 1000, height: 700 } })).newPage();
    tab.on('console', (m) => {
      if (m.type() === 'error' && !m.text().includes('status of 4')) errors.push(m.text());
    });
    tab.on('pageerror', (e) => errors.push(String(e)));
  });
  afterEach(() => tab?.context().close());
  after(async () => {
    await browser?.close();
    await new Promise((r) => site?.close(r));
    await k?.close();
    await woo?.stop();
  });

  const open = async (path: string, host = 'shop.example') => {
    await tab.goto(`http://${host}:${sitePort}${path}`);
  };
  const send = async (text: string) => {
    const before = await tab.locator('.msg').count();
    await tab.fill('input[aria-label=message]', text);
    await tab.press('input[aria-label=message]', 'Enter');
    await tab.waitForFunction(
      ([n]) => {
        const root = document.querySelector('[data-switchboard-widget]')?.shadowRoot;
        const button = root?.querySelector('form button') as HTMLButtonElement | null;
        return !!root && !button?.disabled && root.querySelectorAll('.msg').length >= (n as number);
      },
      [before + 1],
    );
  };

  it('the chat bubble renders on the shop’s page within its style, and the assistant answers as text', async () => {
    await open('/chat');
    await tab.waitForSelector('.launcher');
    const rendered = await tab.evaluate(() => (window as unknown as { widgetRendered: number }).widgetRendered);
    expect(rendered, 'first render, ms after navigation').to.be.a('number');
    console.log(`      first render of the chat bubble: ${Math.round(rendered)} ms after navigation`);
    const launcher = await tab.locator('.launcher').boundingBox();
    expect(launcher!.width, 'the page’s `body * { all: unset }` does not reach the widget').to.equal(56);
    expect(await tab.locator('.launcher').evaluate((b) => getComputedStyle(b).backgroundColor)).to.equal(
      'rgb(123, 44, 191)',
    );
    await tab.click('.launcher');
    expect(await tab.textContent('.head .title')).to.equal('Tienda Luna');
    expect(await tab.textContent('.msg.assistant')).to.equal('Hello! Ask us anything.');
    await send('When are you open?');
    await tab.waitForSelector('.msg.assistant >> nth=1');
    const answer = tab.locator('.msg.assistant').nth(1);
    expect(await answer.textContent()).to.include('We are open Monday to Friday');
    expect(await answer.locator('a').getAttribute('href')).to.equal('https://shop.example/hours');
    expect(await answer.locator('a').getAttribute('rel')).to.include('noopener');
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/widget-chat.png` });
    expect(errors).to.deep.equal([]);
  });

  it('a question it cannot answer goes to a person, whose reply from the tools appears; markup shows as text', async () => {
    await open('/chat');
    await tab.click('.launcher');
    await send('Can I pay with a gift card from another shop?');
    await tab.waitForSelector('.msg.system');
    expect(await tab.textContent('.msg.system')).to.equal('A person from the shop will reply here soon.');
    const { conversations } = await c.ok('list_plugin_conversations', { status: 'handed_off', limit: 1 });
    await c.ok('reply_plugin_conversation', {
      session_id: conversations[0].session_id,
      message: 'Hi! <script>window.pwned = 1</script><b>Yes</b>, we do.',
      agent_name: 'Marta',
    });
    await tab.waitForSelector('.msg.agent', { timeout: 10_000 });
    expect(await tab.textContent('.msg.agent .who')).to.equal('Marta');
    expect(await tab.textContent('.msg.agent')).to.include('<script>window.pwned = 1</script><b>Yes</b>');
    expect(await tab.locator('.msg.agent b').count()).to.equal(0);
    expect(await tab.evaluate(() => (window as unknown as { pwned?: number }).pwned)).to.equal(undefined);
    expect(errors).to.deep.equal([]);
  });

  it('the 31st message of a conversation is refused with the widget’s text', async () => {
    await open('/chat');
    await tab.click('.launcher');
    for (let i = 1; i <= 30; i++) await send(`Message number ${i}`);
    expect(await tab.textContent('.note')).to.equal('');
    await tab.fill('input[aria-label=message]', 'Message number 31');
    const refused = tab.waitForResponse((r) => r.url().endsWith('/messages') && r.request().method() === 'POST');
    await tab.press('input[aria-label=message]', 'Enter');
    expect((await refused).status()).to.equal(429);
    await tab.waitForFunction(
      () => !!document.querySelector('[data-switchboard-widget]')?.shadowRoot?.querySelector('.note')?.textContent,
    );
    expect(await tab.textContent('.note')).to.equal(
      'You have sent many messages. Please wait a little before writing again.',
    );
    expect(await tab.locator('.msg.visitor').count()).to.equal(30);
  });

  it('a site not in allowed_domains gets no widget', async () => {
    // Refused without CORS headers: to the page the call simply fails (the browser hides the 403).
    const config = tab.waitForEvent('requestfailed', (r) => r.url().endsWith('/config'));
    await open('/chat', 'evil.example');
    expect((await config).failure()?.errorText).to.equal('net::ERR_FAILED');
    await tab.waitForTimeout(200);
    expect(await tab.locator('[data-switchboard-widget]').count()).to.equal(0);
  });

  it('the product box shows no FAQ yet, answers a question and shows it as an FAQ on the next visit', async () => {
    await open('/product');
    await tab.waitForSelector('.faq');
    expect(await tab.textContent('.faq h3')).to.equal('Questions about this product');
    expect(await tab.textContent('.faq dl')).to.equal('No questions yet. Be the first to ask!');
    await tab.fill('input[aria-label=question]', 'Can it be washed in the machine?');
    await tab.press('input[aria-label=question]', 'Enter');
    await tab.waitForFunction(
      () => !!document.querySelector('[data-switchboard-widget]')?.shadowRoot?.querySelector('.answer')?.textContent,
    );
    expect(await tab.textContent('.answer')).to.equal('Yes: machine wash at 30 degrees.');
    await open('/product');
    await tab.waitForSelector('.faq dt');
    expect(await tab.textContent('.faq dt')).to.equal('Can it be washed in the machine?');
    expect(await tab.textContent('.faq dd')).to.equal('Yes: machine wash at 30 degrees.');
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/widget-product-qa.png` });
    expect(errors).to.deep.equal([]);
  });

  it('the frame page shows the chat inside the shop’s site; frame-ancestors keeps it out of others', async () => {
    await open('/framed');
    const frame = tab.frameLocator('iframe');
    await frame.locator('.panel').waitFor();
    expect(await frame.locator('.head .title').textContent()).to.equal('Tienda Luna');
    await frame.locator('input[aria-label=message]').fill('When are you open?');
    await frame.locator('input[aria-label=message]').press('Enter');
    await frame.locator('.msg.assistant >> nth=1').waitFor();
    expect(await frame.locator('.msg.assistant').nth(1).textContent()).to.include('We are open');

    await open('/framed', 'evil.example');
    await tab.waitForTimeout(500);
    const child = tab.frames().find((f) => f !== tab.mainFrame());
    expect(await child!.locator('[data-switchboard-widget]').count(), 'the browser refused to frame it').to.equal(0);
    errors.length = 0;
  });

  it('the document assistant answers from its manual and cites it', async () => {
    await open('/docqa');
    await tab.click('.launcher');
    expect(await tab.textContent('.head .title')).to.equal('Kora manuals');
    await send('How many years of warranty does the motor have?');
    await tab.waitForSelector('.msg.assistant .cites');
    expect(await tab.textContent('.msg.assistant')).to.include('seven year warranty');
    expect(await tab.textContent('.msg.assistant .cites')).to.equal('Sources: Kora blender manual, Warranty');
    if (SHOTS) await tab.screenshot({ path: `${SHOTS}/widget-docqa.png` });
    expect(errors).to.deep.equal([]);
  });
});
