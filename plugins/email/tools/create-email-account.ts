import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { accountPayload } from '../services/payloads.js';
import { accountFieldArgs, emailAddressArg } from './args.js';
import { AccountOutput } from './outputs.js';

export const createEmailAccount = defineTool({
  name: 'create_email_account',
  title: 'Create email account',
  description:
    'Connects a mailbox (at most 10 per shop). basic needs imap_host, smtp_host and imap_password, and both logins must work before anything is stored. oauth2 needs oauth_provider and waits (auth_error) until the start_email_oauth sign-in is done.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  action: 'create',
  confirmation: 'agent',
  input: Type.Object({ email_address: emailAddressArg, ...accountFieldArgs }),
  precheck: async (args, { services }) => {
    await services.emailAccountsService.probeCreate(args);
  },
  summary: (args) =>
    `Connect the mailbox ${args.email_address} (${args.auth_type ?? 'basic'}${args.imap_host ? `, IMAP ${args.imap_host}` : ''}${args.smtp_host ? `, SMTP ${args.smtp_host}` : ''}).`,
  output: Type.Object({ account: AccountOutput }),
  handler: async (args, { services }) => ({
    account: accountPayload(await services.emailAccountsService.create(args)),
  }),
});
