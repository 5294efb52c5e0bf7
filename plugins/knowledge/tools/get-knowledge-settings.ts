import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { KnowledgeSettingsOutput } from './settings-output.js';

export const getKnowledgeSettings = defineTool({
  name: 'get_knowledge_settings',
  title: 'Get knowledge settings',
  description: "How the shop's knowledge is searched and approved, and its snippet counts by status.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: KnowledgeSettingsOutput,
  handler: async (_args, { services }) => services.knowledgeSettingsService.get(),
});
