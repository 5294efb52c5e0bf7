import { defineJob } from '../define.js';

/** Active snippets past their valid_until become expired, in every shop: the assistant stops using them. */
export const expireSnippets = defineJob({
  name: 'expire-snippets',
  schedule: '*/5 * * * *',
  scope: 'system',
  description: 'Marks active knowledge snippets whose valid_until has passed as expired.',
  run: async ({ em }) => {
    await em.execute(
      `update knowledge_snippets set status = 'expired', updated_at = now() where status = 'active' and valid_until <= now()`,
    );
  },
});
