import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { Diagnostics } from './outputs.js';

export const getSupportDiagnostics = defineTool({
  name: 'get_support_diagnostics',
  title: 'Get support diagnostics',
  description:
    'Exactly what create_support_ticket would attach: server and group versions, the shop’s settings and credits, its lines’ state and adapter, the last failed tool calls (tool, error code, request id). No arguments, messages, phones, tokens or keys.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: Type.Object({ diagnostics: Diagnostics }),
  handler: async (_args, { services }) => ({ diagnostics: await services.supportDiagnosticsService.collect() }),
});
