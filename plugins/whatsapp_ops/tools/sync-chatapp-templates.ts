import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const syncChatappTemplates = defineTool({
  name: 'sync_chatapp_templates',
  title: 'Sync message templates',
  description:
    "Reads the message templates of the shop's Cloud API accounts and keeps this copy up to date. Templates are made and approved at Meta; run this after a change there.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    provider_id: Type.Optional(Type.Integer({ minimum: 1, description: 'One provider; omit for all.' })),
  }),
  output: Type.Object({
    providers: Type.Array(
      Type.Object(
        {
          provider_id: Type.Integer(),
          templates: Type.Integer({ description: 'Templates the account has now.' }),
          removed: Type.Integer({ description: 'Templates dropped from this copy.' }),
          by_status: Type.Record(Type.String(), Type.Integer()),
        },
        { additionalProperties: false },
      ),
    ),
  }),
  handler: async ({ provider_id }, { services }) => services.chatappTemplatesService.sync(provider_id),
});
