import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SettingsOutput } from './outputs.js';

export const getAnalysisSettings = defineTool({
  name: 'get_analysis_settings',
  title: 'Get analysis settings',
  description:
    'Analysis settings (own topics, tag rules, idle auto-categorizing, tasks kept built-in), with the built-in topics and intents.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: SettingsOutput,
  handler: async (_args, { services }) => services.analysisSettingsService.get(),
});
