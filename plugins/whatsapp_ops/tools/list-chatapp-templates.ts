import { PagingArgs, pageOutput, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { TemplateOutput } from './provider-outputs.js';

export const listChatappTemplates = defineTool({
  name: 'list_chatapp_templates',
  title: 'List message templates',
  description:
    'The synced message templates by name and language, with status, category and components; their placeholders ({{1}} or {{name}}) are what send_chatapp_template fills.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    provider_id: Type.Optional(Type.Integer({ minimum: 1 })),
    status: Type.Optional(Type.String({ minLength: 1, maxLength: 30, description: 'e.g. approved.' })),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
    ...PagingArgs,
  }),
  output: pageOutput('templates', TemplateOutput),
  handler: async ({ provider_id, status, name, limit, offset }, { services }) =>
    services.chatappTemplatesService.list(
      { providerId: provider_id, status, name },
      { limit: limit!, offset: offset! },
    ),
});
