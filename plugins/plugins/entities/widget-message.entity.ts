import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { MESSAGE_ROLES } from './values.js';

/** One message of a widget session, in order (the widget polls for those after the last id it has). */
export const WidgetMessage = defineEntity({
  name: 'WidgetMessage',
  tableName: 'widget_messages',
  indexes: [{ properties: ['sessionId', 'id'] }],
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    sessionId: p.string().length(40),
    role: p.enum(MESSAGE_ROLES),
    text: p.text(),
    /** The assistant's sources: knowledge entries (chat) or the assistant's files with page or heading (document Q&A). */
    citations: p.json<unknown[]>().nullable(),
    agentName: p.string().length(120).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type WidgetMessage = InferEntity<typeof WidgetMessage>;
