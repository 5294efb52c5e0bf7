import { defineJob } from '../define.js';

export const purgeEmailAttachments = defineJob({
  name: 'purge-email-attachments',
  schedule: '17 * * * *',
  scope: 'shop',
  description: 'Deletes uploaded attachments no mail used within a day.',
  run: async ({ services }) => {
    await services.emailAttachmentsService.purgeUnused();
  },
});
