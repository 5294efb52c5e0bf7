import { completeText, definePrompt } from '../../../core/index.js';
import { ContactList } from '../entities/contact-list.entity.js';

export const launchCampaign = definePrompt({
  name: 'launch_campaign',
  title: 'Launch a campaign to a list',
  description:
    'Plans a campaign to one contact list: its size, the credits it needs against the balance, a draft message, then create_campaign once you agree.',
  arguments: [
    {
      name: 'list',
      description: 'The contact list’s name.',
      required: true,
      complete: (typed, { em }) => completeText(em, ContactList, 'name', typed),
    },
    { name: 'goal', description: 'What the campaign is for (a sale, news, a reminder).' },
  ],
  get: async ({ list: name, goal }, { services }) => {
    const list = await services.marketingContactListsService.byName(name!);
    const balance = await services.credits.balance();
    const members = list.memberCount;
    const text = [
      `Plan a campaign to the contact list “${list.name}” (list_id ${list.id}): ${members} member${members === 1 ? '' : 's'}.`,
      goal?.trim() ? `Its goal: ${goal.trim()}.` : 'Ask me what it is for before drafting.',
      `Each message sent costs credits; the shop has ${balance}. If the list is larger than that, say so first.`,
      'Draft the message (it may use {nombre}, {telefono} and {tienda}) and show it to me. When I agree, call create_campaign with this list_id; it follows the confirmation rule, so show me its summary before confirming.',
      members === 0
        ? 'The list is empty: suggest importing contacts (import_marketing_contacts) before anything else.'
        : '',
    ]
      .filter(Boolean)
      .join('\n');
    return { messages: [{ role: 'user', content: { type: 'text', text } }] };
  },
});
