import { defineTool } from 'switchboard';
import { FIXTURE } from './outputs.js';
import { askClient } from './ask-client.js';

export const testElicitationSep1034Defaults = defineTool({
  name: 'test_elicitation_sep1034_defaults',
  title: 'Elicitation with defaults',
  description: 'Conformance fixture: a form whose every primitive field has a default (SEP-1034).',
  ...FIXTURE,
  handler: async (_args, ctx) => {
    const answer = await askClient(() =>
      ctx.client.elicit({
        message: 'Please review and update the form fields with defaults',
        requestedSchema: {
          type: 'object',
          properties: {
            name: { type: 'string', description: 'User name', default: 'John Doe' },
            age: { type: 'integer', description: 'User age', default: 30 },
            score: { type: 'number', description: 'User score', default: 95.5 },
            status: {
              type: 'string',
              description: 'User status',
              enum: ['active', 'inactive', 'pending'],
              default: 'active',
            },
            verified: { type: 'boolean', description: 'Verification status', default: true },
          },
        },
      }),
    );
    return {
      message: `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`,
    };
  },
});
