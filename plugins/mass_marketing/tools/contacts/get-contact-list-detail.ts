import { PagingArgs, Type, pageOutput } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { listIdArg } from '../args.js';
import { ListDetailOutput, MemberOutput } from '../outputs.js';

export const getContactListDetail = defineTool({
  name: 'get_contact_list_detail',
  title: 'Get contact list detail',
  description:
    'A contact list with its counts (members, eligible after blacklist, unsubscribes and opt-outs, excluded) and a page of members, each marked if blacklisted, unsubscribed or opted out.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({
    list_id: listIdArg(),
    query: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    ...PagingArgs,
  }),
  output: pageOutput('members', MemberOutput, { list: ListDetailOutput }),
  handler: async ({ list_id, query, limit, offset }, { services }) =>
    services.marketingContactListsService.detail(list_id, query, { limit: limit!, offset: offset! }),
});
