import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { providerPayload, ProviderOutput } from './provider-output.js';

export const getAiProvider = defineTool({
  name: 'get_ai_provider',
  title: 'Get AI provider',
  description:
    "Which engine answers the shop's AI calls (its own OpenAI-compatible provider, the server's, or built-in), with models, the key's last 4 characters, deadline, monthly token budget and use.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: ProviderOutput,
  handler: async (_args, { services }) => providerPayload(services),
});
