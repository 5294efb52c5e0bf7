import { Type, Nullable, DateTime } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, sessionIdArg } from './args.js';

export const archiveChatappChat = defineTool({
  name: 'archive_chatapp_chat',
  title: 'Archive messaging chat',
  description:
    'Archives or unarchives (archive: false) the chat with a customer on one number. Default session: the one that last talked to this customer.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  action: 'archive',
  input: Type.Object({
    phone: phoneArg(),
    archive: Type.Optional(Type.Boolean({ default: true, description: 'false unarchives.' })),
    session_id: Type.Optional(sessionIdArg('The session (number) the chat is on.')),
  }),
  output: Type.Object({
    chat: Type.Object(
      { session_id: Type.Integer(), phone: Type.String(), archived: Type.Boolean(), archived_at: Nullable(DateTime()) },
      { additionalProperties: false },
    ),
    reported_to_engine: Type.Boolean(),
  }),
  handler: async ({ phone, archive, session_id }, { services }) =>
    services.chatappArchiveService.archive(phone, archive!, session_id),
});
