import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { Diagnostics } from './outputs.js';

export const getSupportDiagnostics = defineTool({
  name: 'get_support_diagnostics',
  title: 'Get support diagnostics',
  description:
    "What create_support_ticket attaches: versions, the shop's settings and credits, lines' state, the last failed tool calls. No messages, phones or secrets.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ diagnostics: Diagnostics }),
  handler: async (_args, { services }) => ({ diagnostics: await services.supportDiagnosticsService.collect() }),
});
