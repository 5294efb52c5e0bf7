import { Type, defineTool } from 'switchboard';
import { MessageResult } from './outputs.js';

export const testSimpleText = defineTool({
  name: 'test_simple_text',
  title: 'Simple text',
  description: 'Conformance fixture: answers with text only.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: MessageResult,
  handler: async () => ({ message: 'This is a simple text response for testing.' }),
});
