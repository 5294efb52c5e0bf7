import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { WIDGET_LANGUAGES } from '../../prompt/surface.js';
import { BUILTIN_TASKS } from '../services/settings-service.js';
import { SettingsOutput } from './outputs.js';

const keywords = Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 50 });

export const updateAnalysisSettings = defineTool({
  name: 'update_analysis_settings',
  title: 'Update analysis settings',
  description:
    'Changes the analysis settings given: topics and tag_rules each replace their whole list; auto_categorize_inbound categorizes conversations once idle; builtin_for keeps tasks on the built-in engine.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    topics: Type.Optional(
      Type.Array(
        Type.Object({
          key: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
          label: Type.String({ minLength: 1, maxLength: 80 }),
          keywords: Type.Partial(Type.Object(Object.fromEntries(WIDGET_LANGUAGES.map((l) => [l, keywords])))),
        }),
        { maxItems: 50 },
      ),
    ),
    tag_rules: Type.Optional(
      Type.Array(
        Type.Object({
          when: Type.String({ minLength: 1, maxLength: 40 }),
          tag: Type.String({ minLength: 1, maxLength: 50 }),
        }),
        { maxItems: 100 },
      ),
    ),
    auto_categorize_inbound: Type.Optional(Type.Boolean()),
    categorize_after_idle_minutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 1440 })),
    builtin_for: Type.Optional(Type.Array(Type.Enum([...BUILTIN_TASKS]), { maxItems: 2 })),
  }),
  output: SettingsOutput,
  handler: async (changes, { services }) =>
    services.analysisSettingsService.update(changes as Parameters<typeof services.analysisSettingsService.update>[0]),
});
