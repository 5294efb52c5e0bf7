import { defineTool } from 'switchboard';
import { FIXTURE } from './outputs.js';

export const testSimpleText = defineTool({
  name: 'test_simple_text',
  title: 'Simple text',
  description: 'Conformance fixture: answers with text only.',
  ...FIXTURE,
  handler: async () => ({ message: 'This is a simple text response for testing.' }),
});
