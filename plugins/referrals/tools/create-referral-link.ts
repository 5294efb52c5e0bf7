import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { LinkOutput } from './outputs.js';

export const createReferralLink = defineTool({
  name: 'create_referral_link',
  title: 'Create referral link',
  description:
    "A tracked link of the shop's code (for a post, a newsletter, a partner) counting its own clicks and sign-ups.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({
    label: Type.String({ minLength: 1, maxLength: 100 }),
    source: Type.Optional(
      Type.String({ minLength: 1, maxLength: 50, description: 'A tag such as newsletter or instagram.' }),
    ),
  }),
  output: Type.Object({ link: LinkOutput }),
  handler: async ({ label, source }, { services }) => ({
    link: await services.referralCodesService.createLink(label, source),
  }),
});
