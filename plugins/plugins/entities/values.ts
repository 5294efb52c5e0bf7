/** The widgets' languages: the spec's seven, each with the widget's own strings. */
export const WIDGET_LANGUAGES: ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'] = ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'];
export type WidgetLanguage = (typeof WIDGET_LANGUAGES)[number];

/** The two shop-wide widgets; each document Q&A assistant is a widget of its own (`docqa`). */
export const WIDGET_KINDS: ['chat', 'product-qa'] = ['chat', 'product-qa'];
export type WidgetKind = (typeof WIDGET_KINDS)[number] | 'docqa';

export const CHAT_LANGUAGE_MODES: ['auto', 'fixed'] = ['auto', 'fixed'];
export const DOCQA_LANGUAGE_MODES: ['auto', 'fixed', 'selector'] = ['auto', 'fixed', 'selector'];
export type LanguageMode = (typeof DOCQA_LANGUAGE_MODES)[number];

export const SESSION_STATUSES: ['open', 'handed_off', 'closed'] = ['open', 'handed_off', 'closed'];
export type SessionStatus = (typeof SESSION_STATUSES)[number];

/** Who wrote a widget message: the visitor, the assistant, a person of the shop, or the widget itself (hand-over notices). */
export const MESSAGE_ROLES: ['visitor', 'assistant', 'agent', 'system'] = ['visitor', 'assistant', 'agent', 'system'];
export type MessageRole = (typeof MESSAGE_ROLES)[number];
