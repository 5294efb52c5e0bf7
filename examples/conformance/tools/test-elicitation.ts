import { Type, defineTool } from 'switchboard';
import { FIXTURE } from './outputs.js';
import { askClient } from './ask-client.js';

export const testElicitation = defineTool({
  name: 'test_elicitation',
  title: 'Elicitation',
  description: 'Conformance fixture: asks the user for a name and an email (elicitation/create, form mode).',
  ...FIXTURE,
  input: Type.Object({ message: Type.String({ description: 'What to tell the user.' }) }),
  handler: async ({ message }, ctx) => {
    const answer = await askClient(() =>
      ctx.client.elicit({
        message,
        requestedSchema: {
          type: 'object',
          properties: {
            username: { type: 'string', description: 'User’s response' },
            email: { type: 'string', description: 'User’s email address' },
          },
          required: ['username', 'email'],
        },
      }),
    );
    return { message: `User response: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}` };
  },
});
