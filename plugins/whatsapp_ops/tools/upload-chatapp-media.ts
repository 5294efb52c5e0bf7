import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { sessionIdArg } from './args.js';

export const uploadChatappMedia = defineTool({
  name: 'upload_chatapp_media',
  title: 'Upload media to a number',
  description:
    "Uploads a stored file (image, video, document) to a Cloud API line and answers its media_id for send_chatapp_template's header_media. Only Cloud API lines take uploads.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    session_id: sessionIdArg('The Cloud API line whose number receives the media.'),
    file_id: Type.Integer({ minimum: 1, description: "The storage group's file." }),
  }),
  output: Type.Object({ media_id: Type.String(), session_id: Type.Integer(), file_id: Type.Integer() }),
  handler: async ({ session_id, file_id }, { services }) => services.chatappMediaService.upload(session_id, file_id),
});
