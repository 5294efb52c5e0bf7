import type { Message, WidgetApi } from './api.js';
import { bubbleIcon, el, richText } from './dom.js';
import { LANGUAGE_NAMES, stringsFor, type Strings } from './strings.js';

export interface WidgetConfig {
  kind: 'chat' | 'docqa';
  display_name?: string;
  design: Record<string, unknown>;
  texts: Record<string, unknown>;
  behavior?: Record<string, unknown>;
  avatar_url?: string | null;
  language_mode: string;
  language_fixed: string | null;
  language_available: string[];
  language_show_selector: boolean;
  custom_css?: string | null;
  poll_seconds: number | null;
}

/**
 * The chat bubble and the document assistant: a launcher and a panel (or the panel alone, filling
 * an iframe page), the conversation, and a form. The chat polls while open, so a person's reply
 * from the tools appears within seconds.
 */
export class Conversation {
  private strings: Strings;
  private language: string;
  private readonly seen = new Set<number>();
  private lastId = 0;
  private timer: number | undefined;
  private readonly log = el('div', { class: 'log', role: 'log', 'aria-live': 'polite' });
  private readonly note = el('div', { class: 'note', role: 'status' });
  private readonly input = el('input', { type: 'text', maxlength: '2000', 'aria-label': 'message' });
  private readonly send = el('button', { type: 'submit' });
  private readonly panel = el('div', { class: 'panel', part: 'panel' });
  private readonly title = el('span', { class: 'title' });

  constructor(
    private readonly root: ShadowRoot,
    private readonly api: WidgetApi,
    private readonly config: WidgetConfig,
    private readonly inline: boolean,
  ) {
    this.language = pickLanguage(config);
    this.strings = stringsFor(this.language, config.texts);
  }

  mount(): void {
    const frame = el('div', {
      class: `${this.inline ? 'inline' : ''} ${this.config.design.position === 'left' ? 'left' : ''}`,
    });
    const form = el('form', {}, this.input, this.send);
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.submit();
    });
    const head = el('div', { class: 'head' });
    if (this.config.avatar_url) head.append(el('img', { src: this.config.avatar_url, alt: '' }));
    head.append(this.title);
    if (this.config.language_show_selector && this.config.language_available.length > 1) head.append(this.selector());
    this.panel.append(head, this.log, this.note, form);
    if (this.inline) frame.append(this.panel);
    else {
      const launcher = el('button', { class: 'launcher', type: 'button' }, bubbleIcon());
      const close = el('button', { type: 'button' }, '×');
      head.append(close);
      this.panel.hidden = true;
      launcher.addEventListener('click', () => this.toggle(launcher));
      close.addEventListener('click', () => this.toggle(launcher));
      frame.append(launcher, this.panel);
      launcher.setAttribute('aria-label', this.strings.open);
      close.setAttribute('aria-label', this.strings.close);
      if (this.config.behavior?.open_on_load === true) queueMicrotask(() => this.toggle(launcher));
    }
    this.root.append(frame);
    this.relabel();
    if (this.inline) void this.opened();
  }

  private relabel(): void {
    this.title.textContent = String(this.config.design.title ?? this.config.display_name ?? this.strings.title);
    this.input.placeholder = this.strings.placeholder;
    this.send.textContent = this.strings.send;
  }

  private selector(): HTMLSelectElement {
    const select = el('select', { 'aria-label': 'language' });
    for (const code of this.config.language_available)
      select.append(
        el(
          'option',
          code === this.language ? { value: code, selected: '' } : { value: code },
          LANGUAGE_NAMES[code] ?? code,
        ),
      );
    select.addEventListener('change', () => {
      this.language = select.value;
      this.strings = stringsFor(this.language, this.config.texts);
      this.relabel();
    });
    return select;
  }

  private toggle(launcher: HTMLButtonElement): void {
    this.panel.hidden = !this.panel.hidden;
    launcher.setAttribute('aria-expanded', String(!this.panel.hidden));
    if (this.panel.hidden) window.clearInterval(this.timer);
    else void this.opened();
  }

  private async opened(): Promise<void> {
    this.input.focus();
    const greeting = this.config.texts.greeting;
    if (typeof greeting === 'string' && greeting && this.log.childElementCount === 0)
      this.log.append(el('div', { class: 'msg assistant' }, ...richText(greeting)));
    if (this.api.sessionId) await this.poll();
    if (this.config.poll_seconds) {
      window.clearInterval(this.timer);
      this.timer = window.setInterval(() => void this.poll(), this.config.poll_seconds * 1000);
    }
  }

  private async poll(): Promise<void> {
    if (!this.api.sessionId) return;
    const reply = await this.api
      .inSession<{ messages: Message[] }>(this.language, 'GET', (id) => `/sessions/${id}/messages?after=${this.lastId}`)
      .catch(() => null);
    if (reply?.status === 200) reply.data.messages.forEach((m) => this.show(m));
  }

  private async submit(): Promise<void> {
    const text = this.input.value.trim();
    if (!text || this.send.disabled) return;
    this.send.disabled = true;
    this.note.textContent = '';
    try {
      const reply = await this.api.inSession<{ message: Message; replies: Message[]; error?: string }>(
        this.language,
        'POST',
        (id) => `/sessions/${id}/messages`,
        { text },
      );
      if (reply.status === 200) {
        this.input.value = '';
        this.show(reply.data.message);
        reply.data.replies.forEach((m) => this.show(m));
      } else this.note.textContent = reply.status === 429 ? this.strings.rate_limited : this.strings.error;
    } catch {
      this.note.textContent = this.strings.error;
    } finally {
      this.send.disabled = false;
      this.input.focus();
    }
  }

  private show(message: Message): void {
    if (this.seen.has(message.id)) return;
    this.seen.add(message.id);
    this.lastId = Math.max(this.lastId, message.id);
    const bubble = el('div', { class: `msg ${message.role}`, 'data-id': String(message.id) });
    if (message.role === 'agent') bubble.append(el('span', { class: 'who' }, message.agent_name ?? this.strings.shop));
    bubble.append(...richText(message.text));
    const cites = (message.citations ?? []).map((c) => [c.name ?? c.title, c.where].filter(Boolean).join(', '));
    if (cites.length > 0) bubble.append(el('span', { class: 'cites' }, `${this.strings.sources}: ${cites.join('; ')}`));
    this.log.append(bubble);
    this.log.scrollTop = this.log.scrollHeight;
  }
}

function pickLanguage(config: WidgetConfig): string {
  if (config.language_mode === 'fixed' && config.language_fixed) return config.language_fixed;
  const browser = (navigator.language || 'en').slice(0, 2).toLowerCase();
  const choices = config.language_available.length > 0 ? config.language_available : Object.keys(LANGUAGE_NAMES);
  return choices.includes(browser) ? browser : (config.language_available[0] ?? 'en');
}
