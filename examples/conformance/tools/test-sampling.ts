import { Type, defineTool } from 'switchboard';
import { FIXTURE } from './outputs.js';
import { askClient } from './ask-client.js';

export const testSampling = defineTool({
  name: 'test_sampling',
  title: 'Sampling',
  description: 'Conformance fixture: asks the client’s model to answer the prompt (sampling/createMessage).',
  ...FIXTURE,
  input: Type.Object({ prompt: Type.String({ description: 'What to ask the model.' }) }),
  handler: async ({ prompt }, ctx) => {
    const answer = await askClient(() =>
      ctx.client.sample({ messages: [{ role: 'user', content: { type: 'text', text: prompt } }], maxTokens: 100 }),
    );
    return { message: `LLM response: ${answer.content.text}` };
  },
});
