import { PagingArgs, pageOf, pageOutput, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SESSION_STATUSES } from '../entities/values.js';
import { ConversationOutput } from './outputs.js';

export const listPluginConversations = defineTool({
  name: 'list_plugin_conversations',
  title: 'List widget conversations',
  description: "Visitors' widget conversations, newest first. handed_off: a person should answer.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    status: Type.Optional(Type.Union(SESSION_STATUSES.map((s) => Type.Literal(s)))),
    widget: Type.Optional(Type.Union([Type.Literal('chat'), Type.Literal('product-qa'), Type.Literal('docqa')])),
    has_customer: Type.Optional(
      Type.Boolean({ description: 'Only conversations linked (true) or not (false) to a phone.' }),
    ),
    ...PagingArgs,
  }),
  output: pageOutput('conversations', ConversationOutput),
  handler: async ({ status, widget, has_customer, limit, offset }, { services }) => {
    const paging = { limit: limit ?? 20, offset: offset ?? 0 };
    const { conversations, count } = await services.widgetConversationsService.list(
      { status, widget, has_customer },
      paging,
    );
    return pageOf('conversations', conversations, count, paging);
  },
});
