import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, sessionIdArg } from './args.js';
import { ChannelLabelFields, MessageOutput } from './outputs.js';

const Values = (what: string) =>
  Type.Union([
    Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), {
      maxItems: 60,
      description: `${what} for {{1}}, {{2}} … in order.`,
    }),
    Type.Record(Type.String({ pattern: '^[a-z0-9_]{1,60}$' }), Type.String({ minLength: 1, maxLength: 1024 }), {
      description: `${what} by placeholder name.`,
    }),
  ]);

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
    language: Type.Optional(
      Type.String({
        pattern: '^[a-z]{2,3}(_[A-Za-z]{2,4})?$',
        description: 'e.g. en_US; needed when the template exists in several.',
      }),
    ),
    body_parameters: Type.Optional(Values("The body's values")),
    header_parameters: Type.Optional(Values("A text header's values")),
    header_media: Type.Optional(
      Type.Object(
        {
          link: Type.Optional(
            Type.String({ maxLength: 2048, description: 'A public https URL of the image, video or document.' }),
          ),
          media_id: Type.Optional(
            Type.String({ minLength: 1, maxLength: 128, description: 'Media uploaded to the number.' }),
          ),
          filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'For a document.' })),
        },
        {
          additionalProperties: false,
          description: 'For a template whose header is an image, video or document: link or media_id.',
        },
      ),
    ),
    button_parameters: Type.Optional(
      Type.Array(
        Type.Object(
          {
            index: Type.Integer({ minimum: 0, maximum: 9, description: "The button's position, from 0." }),
            value: Type.String({
              minLength: 1,
              maxLength: 1024,
              description: 'A URL suffix, a quick reply payload or a coupon code.',
            }),
          },
          { additionalProperties: false },
        ),
        { maxItems: 10 },
      ),
    ),
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
