import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, sessionIdArg } from './args.js';
import { ChannelLabelFields, MessageOutput } from './outputs.js';
import { templateButtonsArg, templateHeaderMediaArg, templateLanguageArg, templateValuesArg } from './template-args.js';

export const sendChatappTemplate = defineTool({
  name: 'send_chatapp_template',
  title: 'Send message template',
  description:
    'Sends an approved template to a customer now, filling its placeholders (see list_chatapp_templates): the way to reach a customer on a Cloud API line 24 hours after their last message, when free text is refused. Costs 500 credits.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    phone: phoneArg(),
    template_name: Type.String({ minLength: 1, maxLength: 512 }),
    language: Type.Optional(templateLanguageArg()),
    body_parameters: Type.Optional(templateValuesArg("The body's values")),
    header_parameters: Type.Optional(templateValuesArg("A text header's values")),
    header_media: Type.Optional(templateHeaderMediaArg()),
    button_parameters: Type.Optional(templateButtonsArg()),
    session_id: Type.Optional(sessionIdArg('The line (number) to send from.')),
  }),
  output: Type.Object({
    message: MessageOutput,
    recipient_opted_out: Type.Boolean({
      description: 'A person may write to an opted-out number; this says it was one.',
    }),
    ...ChannelLabelFields,
  }),
  handler: async (args, { services }) =>
    services.chatappMessagingService.sendTemplate(
      args.phone,
      {
        name: args.template_name,
        language: args.language,
        body: args.body_parameters,
        header: args.header_parameters,
        headerMedia: args.header_media && {
          link: args.header_media.link,
          mediaId: args.header_media.media_id,
          filename: args.header_media.filename,
        },
        buttons: args.button_parameters,
      },
      args.session_id,
    ),
});
