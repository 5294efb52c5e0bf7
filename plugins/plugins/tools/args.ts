import { Type } from '../../../core/index.js';
import { DOCQA_LANGUAGE_MODES, WIDGET_LANGUAGES } from '../entities/values.js';

export const languageCode = (description: string) =>
  Type.Union(
    WIDGET_LANGUAGES.map((l) => Type.Literal(l)),
    { description },
  );
export const assistantIdArg = () => Type.Integer({ minimum: 1 });
export const sessionIdArg = () =>
  Type.String({
    minLength: 1,
    maxLength: 40,
    description: "A widget conversation's id (ws_…).",
  });
export const domainsArg = () =>
  Type.Array(Type.String({ maxLength: 253 }), {
    maxItems: 50,
    description: 'Sites that may embed it (shop.example, *.shop.example); empty: any.',
  });
export const objectArg = (what: string) =>
  Type.Record(Type.String(), Type.Unknown(), {
    description: `${what}; merged (null removes a key).`,
  });

/**
 * The fields create_docqa_assistant and update_docqa_assistant share. No schema defaults: an update
 * changes only what is sent (the service applies the defaults on create).
 */
export const assistantFields = {
  prompt: Type.Optional(
    Type.String({ maxLength: 4_000, description: 'Extra instructions for the assistant’s answers.' }),
  ),
  is_enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
  language_mode: Type.Optional(
    Type.Union(
      DOCQA_LANGUAGE_MODES.map((m) => Type.Literal(m)),
      {
        description: "auto (the visitor's browser), fixed (language_fixed) or selector (the visitor picks).",
      },
    ),
  ),
  language_fixed: Type.Optional(languageCode('Required with language_mode fixed, and only then.')),
  rate_limit_per_session: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 1_000, description: 'Questions per visitor session; default 50.' }),
  ),
  allowed_domains: Type.Optional(domainsArg()),
  language_available: Type.Optional(Type.Array(languageCode('A language the visitor may pick.'), { maxItems: 7 })),
  language_show_selector: Type.Optional(Type.Boolean()),
  rate_limit_window_minutes: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 1_440,
      description: 'The limit counts per this many minutes; else per session.',
    }),
  ),
  config_design: Type.Optional(objectArg('Colours, position, size')),
  config_texts: Type.Optional(objectArg('Texts shown to visitors (greeting, placeholder, rate_limited…)')),
};
