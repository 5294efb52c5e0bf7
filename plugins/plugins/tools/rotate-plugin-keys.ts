import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { WIDGET_KINDS } from '../entities/values.js';
import { WidgetConfigOutput } from './outputs.js';

export const rotatePluginKeys = defineTool({
  name: 'rotate_plugin_keys',
  title: 'Rotate a widget’s key',
  description:
    'public_key: a new embed key; pages with the old one stop showing the widget at once (update the snippet). verification_secret (chat): a new identity-signing secret, shown only in this answer.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: false, openWorld: false },
  input: Type.Object({
    plugin_type: Type.Union(WIDGET_KINDS.map((k) => Type.Literal(k))),
    key: Type.Union([Type.Literal('public_key'), Type.Literal('verification_secret')]),
  }),
  output: Type.Object({
    plugin: WidgetConfigOutput,
    rotated: Type.String(),
    verification_secret: Type.Optional(Type.String()),
    notice: Type.Optional(Type.String()),
  }),
  handler: async ({ plugin_type, key }, { services }) => services.widgetConfigService.rotate(plugin_type, key),
});
