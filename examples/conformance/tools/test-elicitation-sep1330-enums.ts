import { defineTool } from 'switchboard';
import { FIXTURE } from './outputs.js';
import { askClient } from './ask-client.js';

export const testElicitationSep1330Enums = defineTool({
  name: 'test_elicitation_sep1330_enums',
  title: 'Elicitation with enums',
  description: 'Conformance fixture: a form with the five kinds of choice fields (SEP-1330).',
  ...FIXTURE,
  handler: async (_args, ctx) => {
    const answer = await askClient(() =>
      ctx.client.elicit({
        message: 'Please select options from the enum fields',
        requestedSchema: {
          type: 'object',
          properties: {
            untitledSingle: { type: 'string', description: 'One option', enum: ['option1', 'option2', 'option3'] },
            titledSingle: {
              type: 'string',
              description: 'One titled option',
              oneOf: [
                { const: 'value1', title: 'First Option' },
                { const: 'value2', title: 'Second Option' },
                { const: 'value3', title: 'Third Option' },
              ],
            },
            legacyEnum: {
              type: 'string',
              description: 'One option (enumNames, deprecated)',
              enum: ['opt1', 'opt2', 'opt3'],
              enumNames: ['Option One', 'Option Two', 'Option Three'],
            },
            untitledMulti: {
              type: 'array',
              description: 'Several options',
              items: { type: 'string', enum: ['option1', 'option2', 'option3'] },
            },
            titledMulti: {
              type: 'array',
              description: 'Several titled options',
              items: {
                anyOf: [
                  { const: 'value1', title: 'First Choice' },
                  { const: 'value2', title: 'Second Choice' },
                  { const: 'value3', title: 'Third Choice' },
                ],
              },
            },
          },
        },
      }),
    );
    return {
      message: `Elicitation completed: action=${answer.action}, content=${JSON.stringify(answer.content ?? {})}`,
    };
  },
});
