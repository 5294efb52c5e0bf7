import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { AnswerOutput } from './outputs.js';

export const previewPluginChat = defineTool({
  name: 'preview_plugin_chat',
  title: 'Preview the chat widget’s answer',
  description:
    "The answer the chat widget's assistant would give to a message; answered false means a hand-over to a person. Counts against no limit.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({ message: Type.String({ minLength: 1, maxLength: 2_000 }) }),
  output: Type.Object(AnswerOutput),
  handler: async ({ message }, { services }) => services.widgetPreviewService.previewChat(message),
});
