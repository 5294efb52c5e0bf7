/**
 * widgets benchmark (not a test). Targets: the widget script at
 * most 30 KB gzipped; first render at most 300 ms in headless Chromium on loopback; a chat message
 * answered (built-in engine) and a document question answered, p95 figures over HTTP. The first
 * render is measured in the page: from navigation start to the moment the widget's element is in
 * the document (a MutationObserver), over `--loads` fresh browser contexts.
 *
 *   npm run bench:widgets [-- --loads 30 --messages 300]
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../../test/helpers/chromium.js';
import { benchKernel, mcpCaller, percentile } from './bench-kernel.js';

const { values } = parseArgs({
  options: { loads: { type: 'string', default: '30' }, messages: { type: 'string', default: '300' } },
});

const { kernel, close } = await benchKernel({ plugins: { enabled: true, config: { sessionsPerIpPerHour: 10_000 } } });
const base = await kernel.listen();
const { token } = await kernel.shops.create({ name: 'Widget bench' });
const call = mcpCaller(kernel, token);
await call('create_knowledge_snippet', {
  title: 'Opening hours',
  question: 'When are you open?',
  content: 'We are open Monday to Friday from 9 to 18.',
});
const { plugin } = await call('configure_plugin_chat', {
  plugin_type: 'chat',
  is_enabled: true,
  allowed_domains: ['shop.example'],
});
const { assistant } = await call('create_docqa_assistant', { display_name: 'Manual' });
const manual = Array.from(
  { length: 50 },
  (_, i) =>
    `# Page ${i + 1}\n\nSection ${i + 1} of the Kora manual: part ${i + 1} is cleaned with warm water and dried for ${i + 2} minutes.`,
).join('\n\n');
await call('add_docqa_file', { assistant_id: assistant.id, name: 'Kora manual', format: 'markdown', text: manual });

const script = await fetch(`${base}/widget/embed.js`).then(async (r) => Buffer.from(await r.arrayBuffer()));

const site = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><html><head><script>
    new MutationObserver((_, o) => { if (document.querySelector('[data-switchboard-widget]')) { window.rendered = performance.now(); o.disconnect(); } })
      .observe(document.documentElement, { childList: true, subtree: true });
  </script></head><body><h1>Shop</h1><script src="${base}/widget/embed.js" data-key="${plugin.public_key}" async></script></body></html>`);
});
await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
const port = (site.address() as AddressInfo).port;
const browser = await launchChromium(['shop.example']);
const renders: number[] = [];
for (let i = 0; i < Number(values.loads); i++) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`http://shop.example:${port}/`);
  await page.waitForSelector('.launcher');
  renders.push(await page.evaluate(() => (window as unknown as { rendered: number }).rendered));
  await context.close();
}
await browser.close();

const timedPosts = async (key: string, texts: (i: number) => string, count: number) => {
  const times: number[] = [];
  let session: { session_id: string; token: string } | null = null;
  for (let i = 0; i < count; i++) {
    if (i % 25 === 0) {
      const opened = await fetch(`${base}/widget/${key}/sessions`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: 'https://shop.example',
          'x-forwarded-for': `10.0.${i}.1`,
        },
        body: '{}',
      });
      session = (await opened.json()) as { session_id: string; token: string };
    }
    const started = performance.now();
    const res = await fetch(`${base}/widget/${key}/sessions/${session!.session_id}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://shop.example', 'x-widget-token': session!.token },
      body: JSON.stringify({ text: texts(i) }),
    });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`message answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
};
const chat = await timedPosts(plugin.public_key, () => 'When are you open?', Number(values.messages));
const docqa = await timedPosts(
  assistant.public_key,
  (i) => `How long is part ${(i % 50) + 1} dried?`,
  Number(values.messages),
);

const ms = (xs: number[], p: number) => Math.round(percentile(xs, p));
console.log(`widget script: ${script.length} bytes, ${gzipSync(script).length} bytes gzipped (target ≤ 30,720)`);
console.log(
  `first render (navigation → widget in the page), ${renders.length} loads: p50 ${ms(renders, 50)} ms  p95 ${ms(renders, 95)} ms  max ${ms(renders, 100)} ms (target ≤ 300)`,
);
console.log(`chat message answered (built-in): p50 ${ms(chat, 50)} ms  p95 ${ms(chat, 95)} ms  p99 ${ms(chat, 99)} ms`);
console.log(
  `document question answered (built-in, 50 sections): p50 ${ms(docqa, 50)} ms  p95 ${ms(docqa, 95)} ms (target ≤ 300)`,
);
await new Promise((r) => site.close(r));
await close();
