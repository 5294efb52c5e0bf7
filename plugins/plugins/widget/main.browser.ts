import { WidgetApi } from './api.js';
import { Conversation, type WidgetConfig } from './conversation.js';
import { el } from './dom.js';
import { mountProductQuestions } from './product-questions.js';
import { STYLES } from './styles.js';

/**
 * The embed: `<script src="…/widget/embed.js" data-key="pk_…" async>`. The key decides the widget
 * (chat, product questions with data-product, a document assistant); everything renders inside a
 * shadow root so neither the page's style nor the widget's leaks across.
 */
const script = document.currentScript as HTMLScriptElement | null;

async function start(script: HTMLScriptElement): Promise<void> {
  const key = script.dataset.key;
  if (!key) return;
  const base = new URL(script.src).origin;
  const api = new WidgetApi(base, key);
  const loaded = await api.call<Omit<WidgetConfig, 'kind'> & { kind: string }>('GET', '/config');
  if (loaded.status !== 200) return;
  const config = loaded.data;
  const host = el('div', { 'data-switchboard-widget': config.kind });
  const root = host.attachShadow({ mode: 'open' });
  const style = el('style', {}, STYLES + (config.custom_css ?? ''));
  root.append(style);
  const primary = config.design.primary_color;
  if (typeof primary === 'string' && /^#[0-9a-f]{3,8}$/i.test(primary)) host.style.setProperty('--sb-primary', primary);
  if (config.kind === 'product-qa') {
    const product = script.dataset.product;
    if (!product) return;
    script.before(host);
    await mountProductQuestions(root, api, config, product);
    return;
  }
  document.body.append(host);
  new Conversation(root, api, config as WidgetConfig, script.dataset.mode === 'inline').mount();
}

if (script) {
  const go = () => void start(script).catch(() => undefined);
  if (document.body) go();
  else document.addEventListener('DOMContentLoaded', go, { once: true });
}
