import { defineTool, embeddedResource, imageContent, withContent } from 'switchboard';
import { RED_PIXEL_PNG } from '../media.js';
import { FIXTURE } from './outputs.js';

export const testMultipleContentTypes = defineTool({
  name: 'test_multiple_content_types',
  title: 'Mixed content',
  description: 'Conformance fixture: answers with text, an image and an embedded JSON resource.',
  ...FIXTURE,
  handler: async () =>
    withContent(
      { message: 'Multiple content types test:' },
      imageContent(RED_PIXEL_PNG, 'image/png'),
      embeddedResource(
        'test://mixed-content-resource',
        'application/json',
        JSON.stringify({ test: 'data', value: 123 }),
      ),
    ),
});
