import { defineTool, imageContent, withContent } from 'switchboard';
import { RED_PIXEL_PNG } from '../media.js';
import { FIXTURE } from './outputs.js';

export const testImageContent = defineTool({
  name: 'test_image_content',
  title: 'Image content',
  description: 'Conformance fixture: answers with a 1×1 red PNG.',
  ...FIXTURE,
  handler: async () => withContent({ message: 'A 1×1 red pixel.' }, imageContent(RED_PIXEL_PNG, 'image/png')),
});
