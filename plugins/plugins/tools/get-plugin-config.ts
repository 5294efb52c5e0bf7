import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { WIDGET_KINDS } from '../entities/values.js';
import { WidgetConfigOutput } from './outputs.js';

export const getPluginConfig = defineTool({
  name: 'get_plugin_config',
  title: 'Get a widget’s configuration',
  description: "A widget's configuration, public key and embed snippet (never the verification secret).",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ plugin_type: Type.Union(WIDGET_KINDS.map((k) => Type.Literal(k))) }),
  output: Type.Object({ plugin: WidgetConfigOutput }),
  handler: async ({ plugin_type }, { services }) => ({ plugin: await services.widgetConfigService.read(plugin_type) }),
});
