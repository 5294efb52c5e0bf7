import { defineJob } from '../define.js';

/** Every night, the last two days (what an earlier run saw is never counted twice). */
export const mineTrainingSuggestions = defineJob({
  name: 'mine-training-suggestions',
  schedule: '30 3 * * *',
  scope: 'shop',
  description: 'Turns the day’s ticket resolutions and agents’ corrections into training suggestions.',
  run: async ({ services }) => {
    await services.knowledgeSuggestionsService.mine(2);
  },
});
