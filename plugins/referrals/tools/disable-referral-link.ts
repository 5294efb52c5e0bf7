import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { LinkOutput } from './outputs.js';

export const disableReferralLink = defineTool({
  name: 'disable_referral_link',
  title: 'Disable referral link',
  description: "Stops a tracked link counting; the shop's code keeps working.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ link_id: Type.Integer({ minimum: 1 }) }),
  output: Type.Object({ link: LinkOutput }),
  handler: async ({ link_id }, { services }) => ({ link: await services.referralCodesService.disableLink(link_id) }),
});
