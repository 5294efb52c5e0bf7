import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { CONTACTS_PER_CALL, listIdArg, phoneArg } from '../args.js';
import { ListOutput } from '../outputs.js';

export const addContactsToList = defineTool({
  name: 'add_contacts_to_list',
  title: 'Add contacts to list',
  description:
    `Adds contacts (phone and name) to a list; a phone already there or given twice becomes one member, keeping an existing name. ` +
    `Valid contacts are added and invalid ones listed; none valid changes nothing. Up to ${CONTACTS_PER_CALL} per call; more through import_marketing_contacts.`,
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
