import { ToolError, Type, defineTool } from 'switchboard';
import { MessageResult } from './outputs.js';

export const testErrorHandling = defineTool({
  name: 'test_error_handling',
  title: 'Error',
  description: 'Conformance fixture: always fails.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: MessageResult,
  handler: async () => {
    throw new ToolError('fixture_failure', 'This tool intentionally returns an error for testing');
  },
});
