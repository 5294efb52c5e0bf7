import { Type, defineTool, embeddedResource, withContent } from 'switchboard';
import { MessageResult } from './outputs.js';

export const testEmbeddedResource = defineTool({
  name: 'test_embedded_resource',
  title: 'Embedded resource',
  description: 'Conformance fixture: answers with a text resource embedded.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: MessageResult,
  handler: async () =>
    withContent(
      { message: 'One embedded resource.' },
      embeddedResource('test://embedded-resource', 'text/plain', 'This is an embedded resource content.'),
    ),
});
