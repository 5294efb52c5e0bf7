import { completeText, definePrompt } from '../../../core/index.js';
import { ContactList } from '../entities/contact-list.entity.js';
import { CAMPAIGN_MESSAGE_COST } from '../entities/values.js';

export const launchCampaign = definePrompt({
  name: 'launch_campaign',
  title: 'Launch a campaign to a list',
  description:
    'Plans a campaign to one contact list: its size, the credits it needs (1,000 a message) against the balance, a draft message, then create_campaign and start_campaign once you agree.',
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
    const needed = members * CAMPAIGN_MESSAGE_COST;
    const affordable = Math.floor(balance / CAMPAIGN_MESSAGE_COST);
    const text = [
      `Plan a campaign to the contact list “${list.name}” (list_id ${list.id}): ${members} member${members === 1 ? '' : 's'}.`,
      goal?.trim() ? `Its goal: ${goal.trim()}.` : 'Ask me what it is for before drafting.',
      `Each message sent costs ${count(CAMPAIGN_MESSAGE_COST)} credits: sending to every member needs up to ${count(needed)} credits, and the shop has ${count(balance)} (enough for ${count(affordable)} message${affordable === 1 ? '' : 's'}).`,
      members > affordable
        ? 'That is not enough for the whole list: tell me first; the campaign pauses when the credits run out.'
        : '',
      'Draft the message (it may use {nombre}, {telefono} and {tienda}) and show it to me.',
      'When I agree, call create_campaign with this list_id: it makes a draft, and start_campaign then starts sending it (or give create_campaign a scheduled_at to send it later). Both act at once, so call each only after I have said yes to it.',
      members === 0
        ? 'The list is empty: suggest importing contacts (import_marketing_contacts) before anything else.'
        : '',
    ]
      .filter(Boolean)
      .join('\n');
    return { messages: [{ role: 'user', content: { type: 'text', text } }] };
  },
});

const count = (n: number) => n.toLocaleString('en-US');
