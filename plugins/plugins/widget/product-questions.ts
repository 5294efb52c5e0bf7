import type { WidgetApi } from './api.js';
import { el, richText } from './dom.js';
import { stringsFor } from './strings.js';

interface Faqs {
  product: { title: string };
  faqs: { id: number; question: string; answer: string | null }[];
}

/**
 * The product-question box, in the page where the script tag stands: the product's published
 * questions and a form to ask; the answer (or "the shop will answer") shows under the form.
 */
export async function mountProductQuestions(
  root: ShadowRoot,
  api: WidgetApi,
  config: { texts: Record<string, unknown>; language_fixed: string | null },
  product: string,
): Promise<void> {
  const language = config.language_fixed ?? (navigator.language || 'en').slice(0, 2).toLowerCase();
  const strings = stringsFor(language, config.texts);
  const list = el('dl');
  const answer = el('div', { class: 'answer', role: 'status' });
  const input = el('input', {
    type: 'text',
    maxlength: '1000',
    placeholder: strings.ask_placeholder,
    'aria-label': 'question',
  });
  const ask = el('button', { type: 'submit' }, strings.ask);
  const form = el('form', {}, input, ask);
  const loaded = await api.call<Faqs>('GET', `/products/${encodeURIComponent(product)}/faqs`);
  if (loaded.status !== 200) {
    root.host.remove();
    return;
  }
  if (loaded.data.faqs.length === 0) list.append(el('dd', {}, strings.no_faqs));
  for (const faq of loaded.data.faqs)
    list.append(el('dt', {}, faq.question), el('dd', {}, ...richText(faq.answer ?? '')));
  // Shown once its questions are in: no empty box first.
  root.append(el('div', { class: 'faq' }, el('h3', {}, strings.faq_title), list, form, answer));

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text || ask.disabled) return;
    ask.disabled = true;
    void api
      .inSession<{ text: string }>(
        language,
        'POST',
        (id) => `/sessions/${id}/products/${encodeURIComponent(product)}/questions`,
        {
          text,
        },
      )
      .then((reply) => {
        answer.textContent = '';
        if (reply.status === 200) {
          input.value = '';
          answer.append(...richText(reply.data.text));
        } else answer.textContent = reply.status === 429 ? strings.rate_limited : strings.error;
      })
      .catch(() => {
        answer.textContent = strings.error;
      })
      .finally(() => {
        ask.disabled = false;
      });
  });
}
