import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { DOCQA_LANGUAGE_MODES } from './values.js';

/**
 * A document Q&A assistant: a widget that answers only from its own files (knowledge documents of
 * the collection `docqa:<id>`), citing them. Its public key is its embed's.
 */
export const DocqaAssistant = defineEntity({
  name: 'DocqaAssistant',
  tableName: 'widget_docqa_assistants',
  uniques: [{ properties: ['publicKey'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    displayName: p.string().length(120),
    prompt: p.text().nullable(),
    isEnabled: p.boolean(),
    languageMode: p.enum(DOCQA_LANGUAGE_MODES),
    languageFixed: p.string().length(2).nullable(),
    languageAvailable: p.json<string[]>(),
    languageShowSelector: p.boolean(),
    rateLimitPerSession: p.integer(),
    /** Null: the limit counts over the session's life. */
    rateLimitWindowMinutes: p.integer().nullable(),
    allowedDomains: p.json<string[]>(),
    configDesign: p.json<Record<string, unknown>>(),
    configTexts: p.json<Record<string, unknown>>(),
    publicKey: p.string().length(40),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});
export type DocqaAssistant = InferEntity<typeof DocqaAssistant>;
