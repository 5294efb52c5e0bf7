import { PagingArgs, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { LinkPage } from './outputs.js';

export const listReferralLinks = defineTool({
  name: 'list_referral_links',
  title: 'List referral links',
  description: "The shop's tracked referral links, newest first, with clicks and sign-ups.",
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({ ...PagingArgs }),
  output: LinkPage,
  handler: async ({ limit, offset }, { services }) =>
    services.referralCodesService.listLinks({ limit: limit!, offset: offset! }),
});
