import { defineTool, embeddedResource, withContent } from 'switchboard';
import { FIXTURE } from './outputs.js';

export const testEmbeddedResource = defineTool({
  name: 'test_embedded_resource',
  title: 'Embedded resource',
  description: 'Conformance fixture: answers with a text resource embedded.',
  ...FIXTURE,
  handler: async () =>
    withContent(
      { message: 'One embedded resource.' },
      embeddedResource('test://embedded-resource', 'text/plain', 'This is an embedded resource content.'),
    ),
});
