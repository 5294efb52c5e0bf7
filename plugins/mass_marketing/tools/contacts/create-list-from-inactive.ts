import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { ImportStarted } from '../outputs.js';

export const createListFromInactive = defineTool({
  name: 'create_list_from_inactive',
  title: 'Create list from inactive customers',
  description:
    'Creates a list of the customers with no contact in the last `days` days (including never-contacted customers older than that). Answers the list and its import.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    days: Type.Integer({ minimum: 1, maximum: 3650, description: 'Days without contact.' }),
    name: Type.String({ minLength: 1, maxLength: 100, description: 'Name of the new list, unique in the shop.' }),
  }),
  output: ImportStarted,
  handler: async ({ days, name }, { services }) => services.marketingContactImportsService.listFromInactive(days, name),
});
