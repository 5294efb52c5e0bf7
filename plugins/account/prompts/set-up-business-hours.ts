import { definePrompt } from '../../../core/index.js';
import { BUSINESS_HOURS_HELP, WEEKDAYS } from '../services/business-hours.js';

export const setUpBusinessHours = definePrompt({
  name: 'set_up_business_hours',
  title: 'Set up business hours',
  description:
    'Sets the shop’s opening hours with you: shows what is set now (or that nothing is), asks what to change, then calls update_shop_profile.',
  arguments: [
    {
      name: 'hours',
      description: 'The hours in your words, e.g. “weekdays 9–14 and 17–20, Saturday mornings”.',
    },
  ],
  get: async ({ hours }, { services, shop }) => {
    const current = await services.accountService.businessHours();
    const now = current
      ? `Now: ${WEEKDAYS.map((d) => `${d} ${current[d].map((r) => `${r.open}–${r.close}`).join(', ') || 'closed'}`).join('; ')}.`
      : 'No business hours are set yet.';
    const text = [
      `Set up the opening hours of ${shop.name} (timezone ${shop.timezone}). ${now}`,
      hours?.trim()
        ? `The new hours, in my words: “${hours.trim()}”.`
        : 'Ask me for the new hours before anything else.',
      `Turn them into business_hours for update_shop_profile: ${BUSINESS_HOURS_HELP}`,
      'Show me the week you understood, day by day, and call update_shop_profile only when I agree.',
    ].join('\n');
    return { messages: [{ role: 'user', content: { type: 'text', text } }] };
  },
});
