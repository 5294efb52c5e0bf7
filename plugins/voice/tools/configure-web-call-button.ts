import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';

export const configureWebCallButton = defineTool({
  name: 'configure_web_call_button',
  title: 'Configure the web call button',
  description:
    'A "call us" button for the shop\'s site, answered by the voice assistant: on Twilio through the shop\'s TwiML app (set twiml_app_voice_url as its Voice URL), on the sandbox as a text call.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    enabled: Type.Optional(Type.Boolean()),
    allowed_domains: Type.Optional(
      Type.Array(Type.String({ maxLength: 253 }), {
        maxItems: 50,
        description: 'Sites that may show it (shop.example, *.shop.example); empty: any.',
      }),
    ),
    button_text: Type.Optional(Type.String({ maxLength: 60 })),
    max_calls_per_visitor_per_hour: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Default 3.' })),
    api_key_sid: Type.Optional(Type.String({ maxLength: 64, description: 'A Twilio API key (SK…).' })),
    api_key_secret: Type.Optional(
      Type.String({ minLength: 8, maxLength: 128, secret: true, description: 'Its secret; write-only.' }),
    ),
    twiml_app_sid: Type.Optional(
      Type.String({ maxLength: 64, description: 'The TwiML app (AP…) browser calls go through.' }),
    ),
  }),
  output: Type.Object({
    button: Type.Object({
      enabled: Type.Boolean(),
      provider: Type.String(),
      allowed_domains: Type.Array(Type.String()),
      button_text: Nullable(Type.String()),
      max_calls_per_visitor_per_hour: Type.Integer(),
      api_key_sid: Nullable(Type.String()),
      api_key_secret_set: Type.Boolean(),
      twiml_app_sid: Nullable(Type.String()),
      embed_snippet: Type.String(),
      twiml_app_voice_url: Type.String(),
    }),
  }),
  handler: async (args, { services }) => services.voiceWebButton.configure(args),
});
