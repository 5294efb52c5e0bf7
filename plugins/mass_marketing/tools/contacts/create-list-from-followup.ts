import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { ImportStarted } from '../outputs.js';

export const createListFromFollowup = defineTool({
  name: 'create_list_from_followup',
  title: 'Create list from pending follow-ups',
  description: 'Creates a list of the customers with a ticket follow-up waiting to be sent (needs the tickets group).',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Name of the new list, unique in the shop; default "Pending follow-ups <date time>".',
      }),
    ),
  }),
  output: ImportStarted,
  handler: async ({ name }, { services }) => services.marketingContactImportsService.listFromFollowups(name),
});
