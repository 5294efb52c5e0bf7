import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { SESSION_STATUSES } from './values.js';

/**
 * A visitor's conversation with a widget. Its id is public (the spec's string `session_id`); the
 * token the browser holds is stored only as its hash. A session the shop hands over (the assistant
 * could not answer, or a person replied) stops being answered by the assistant while `aiPaused`.
 */
export const WidgetSession = defineEntity({
  name: 'WidgetSession',
  tableName: 'widget_sessions',
  indexes: [{ properties: ['shopId', 'createdAt'] }],
  properties: {
    id: p.string().length(40).primary(),
    shopId: tenantColumn(),
    /** chat, product-qa or docqa. */
    widget: p.string().length(12),
    assistantId: p.integer().nullable(),
    tokenHash: p.string().length(64),
    origin: p.string().length(300).nullable(),
    pageUrl: p.string().length(2000).nullable(),
    language: p.string().length(2),
    status: p.enum(SESSION_STATUSES),
    aiPaused: p.boolean(),
    visitorName: p.string().length(120).nullable(),
    customerPhone: p.string().length(20).nullable(),
    customerEmail: p.string().length(254).nullable(),
    verified: p.boolean(),
    note: p.text().nullable(),
    noteAgent: p.string().length(120).nullable(),
    noteAt: p.datetime().nullable(),
    messageCount: p.integer(),
    lastMessageAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type WidgetSession = InferEntity<typeof WidgetSession>;
