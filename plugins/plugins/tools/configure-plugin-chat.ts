import { Type, WarningsOutput } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CHAT_LANGUAGE_MODES } from '../entities/values.js';
import { domainsArg, languageCode, objectArg } from './args.js';
import { ChatConfigOutput } from './outputs.js';

export const configurePluginChat = defineTool({
  name: 'configure_plugin_chat',
  title: 'Configure the chat widget',
  description:
    'Changes the website chat widget; the config_* objects are merged into the stored ones (a key set to null is removed).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    plugin_type: Type.Literal('chat', { description: 'The only value: chat.' }),
    is_enabled: Type.Optional(Type.Boolean()),
    allowed_domains: Type.Optional(domainsArg()),
    config_design: Type.Optional(objectArg('Colours (primary_color), position (left/right), title')),
    config_texts: Type.Optional(objectArg('Texts shown to visitors (greeting, placeholder, handoff, rate_limited)')),
    config_behavior: Type.Optional(objectArg('Behaviour (open_on_load)')),
    avatar_url: Type.Optional(Type.String({ maxLength: 2_000, description: 'An https:// image; "" removes it.' })),
    language_mode: Type.Optional(Type.Union(CHAT_LANGUAGE_MODES.map((m) => Type.Literal(m)))),
    language_fixed: Type.Optional(languageCode('Only with language_mode fixed.')),
    language_available: Type.Optional(Type.Array(languageCode('A language the widget offers.'), { maxItems: 7 })),
    language_show_selector: Type.Optional(Type.Boolean()),
    rate_limit_per_session: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 500, description: 'Visitor messages per session per window; default 30.' }),
    ),
    rate_limit_window_minutes: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1_440, description: 'The window of rate_limit_per_session; default 60.' }),
    ),
    require_verification: Type.Optional(
      Type.Boolean({ description: "Visitors' phone or email count only with the shop backend's identity_hash." }),
    ),
    custom_css: Type.Optional(
      Type.String({
        maxLength: 20_000,
        description: 'Extra CSS inside the widget; no @import, https url() only; "" removes it.',
      }),
    ),
  }),
  output: Type.Object({ plugin: ChatConfigOutput, changed: Type.Array(Type.String()), warnings: WarningsOutput() }),
  handler: async ({ plugin_type: _type, ...changes }, { services }) =>
    services.widgetConfigService.configureChat(changes),
});
