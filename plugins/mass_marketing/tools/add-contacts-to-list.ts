import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { CONTACTS_PER_CALL, listIdArg, phoneArg } from './args.js';
import { ListOutput } from './outputs.js';

export const addContactsToList = defineTool({
  name: 'add_contacts_to_list',
  title: 'Add contacts to list',
  description:
    `Adds contacts (phone with international prefix, and name) to a list; phones are stored in E.164. A phone already in the list, or given twice, becomes one member (duplicates): an existing member keeps its name and only gains one when it had none. ` +
    `Partial success: valid contacts are added and each invalid one is listed in invalid with its index and reason; if none is valid nothing changes and the call fails with invalid_arguments. Up to ${CONTACTS_PER_CALL} contacts per call; use import_marketing_contacts for more.`,
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'add',
  input: Type.Object({
    list_id: listIdArg(),
    contacts: Type.Array(
      Type.Object(
        { phone: phoneArg(), name: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: CONTACTS_PER_CALL },
    ),
  }),
  output: Type.Object({
    list: ListOutput,
    received: Type.Integer(),
    added: Type.Integer(),
    duplicates: Type.Integer(),
    invalid_count: Type.Integer(),
    invalid: Type.Array(
      Type.Object(
        { index: Type.Integer(), phone: Type.String(), code: Type.String(), reason: Type.String() },
        { additionalProperties: false },
      ),
    ),
  }),
  handler: async ({ list_id, contacts }, { services }) =>
    services.marketingContactListsService.addContacts(list_id, contacts),
});
