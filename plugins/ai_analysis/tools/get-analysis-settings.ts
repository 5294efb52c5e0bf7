import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SettingsOutput } from './outputs.js';

export const getAnalysisSettings = defineTool({
  name: 'get_analysis_settings',
  title: 'Get analysis settings',
  description:
    'The shop’s analysis settings: its own topics and their words, tag rules, whether quiet conversations are categorized by themselves and after how long, and which tasks stay on the built-in engine; with the built-in topics and the intents.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: SettingsOutput,
  handler: async (_args, { services }) => services.analysisSettingsService.get(),
});
