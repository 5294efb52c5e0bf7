import { definePrompt } from 'switchboard';

const starting = (options: string[]) => async (value: string) => options.filter((o) => o.startsWith(value));

export const testPromptWithArguments = definePrompt({
  name: 'test_prompt_with_arguments',
  title: 'Prompt with arguments',
  description: 'Conformance fixture: both arguments substituted into the message; arg1 completes.',
  arguments: [
    {
      name: 'arg1',
      description: 'First test argument',
      required: true,
      complete: starting(['test', 'testing', 'tested']),
    },
    { name: 'arg2', description: 'Second test argument', required: true },
  ],
  get: async ({ arg1, arg2 }) => ({
    messages: [
      { role: 'user', content: { type: 'text', text: `Prompt with arguments: arg1='${arg1}', arg2='${arg2}'` } },
    ],
  }),
});
