import { completeIds, defineResourceTemplate, templateId } from '../../../core/index.js';
import { ContactList } from '../entities/contact-list.entity.js';

/** The first page of members is enough for a model to see what the list holds; the tool pages further. */
const MEMBERS_SHOWN = 50;

export const contactListTemplate = defineResourceTemplate({
  uriTemplate: 'shop://contact-lists/{id}',
  name: 'Contact list',
  description: `One contact list with its counts and first ${MEMBERS_SHOWN} members (get_contact_list_detail pages further). id completes to recent lists.`,
  mimeType: 'application/json',
  read: async ({ id }, { services }) =>
    services.marketingContactListsService.detail(templateId(id!, 'contact list'), undefined, {
      limit: MEMBERS_SHOWN,
      offset: 0,
    }),
  complete: { id: (typed, { em }) => completeIds(em, ContactList, typed) },
});
