import { definePrompt, imageContent } from 'switchboard';
import { RED_PIXEL_PNG } from '../media.js';

export const testPromptWithImage = definePrompt({
  name: 'test_prompt_with_image',
  title: 'Prompt with an image',
  description: 'Conformance fixture: a 1×1 red PNG, then a question about it.',
  get: async () => ({
    messages: [
      { role: 'user', content: imageContent(RED_PIXEL_PNG, 'image/png') },
      { role: 'user', content: { type: 'text', text: 'Please analyze the image above.' } },
    ],
  }),
});
