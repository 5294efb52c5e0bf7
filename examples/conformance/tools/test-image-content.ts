import { Type, defineTool, imageContent, withContent } from 'switchboard';
import { RED_PIXEL_PNG } from '../media.js';
import { MessageResult } from './outputs.js';

export const testImageContent = defineTool({
  name: 'test_image_content',
  title: 'Image content',
  description: 'Conformance fixture: answers with a 1×1 red PNG.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: MessageResult,
  handler: async () => withContent({ message: 'A 1×1 red pixel.' }, imageContent(RED_PIXEL_PNG, 'image/png')),
});
