import { definePrompt, embeddedResource } from 'switchboard';

export const testPromptWithEmbeddedResource = definePrompt({
  name: 'test_prompt_with_embedded_resource',
  title: 'Prompt with an embedded resource',
  description: 'Conformance fixture: the resource named by resourceUri, embedded, then a question about it.',
  arguments: [{ name: 'resourceUri', description: 'URI of the resource to embed', required: true }],
  get: async ({ resourceUri }) => ({
    messages: [
      { role: 'user', content: embeddedResource(resourceUri!, 'text/plain', 'Embedded resource content for testing.') },
      { role: 'user', content: { type: 'text', text: 'Please process the embedded resource above.' } },
    ],
  }),
});
