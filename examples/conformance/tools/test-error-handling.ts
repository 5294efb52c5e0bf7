import { ToolError, defineTool } from 'switchboard';
import { FIXTURE } from './outputs.js';

export const testErrorHandling = defineTool({
  name: 'test_error_handling',
  title: 'Error',
  description: 'Conformance fixture: always fails.',
  ...FIXTURE,
  handler: async () => {
    throw new ToolError('fixture_failure', 'This tool intentionally returns an error for testing');
  },
});
