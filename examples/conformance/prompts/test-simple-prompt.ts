import { definePrompt } from 'switchboard';

export const testSimplePrompt = definePrompt({
  name: 'test_simple_prompt',
  title: 'Simple prompt',
  description: 'Conformance fixture: one user message, no arguments.',
  get: async () => ({
    messages: [{ role: 'user', content: { type: 'text', text: 'This is a simple prompt for testing.' } }],
  }),
});
