import { DateTime, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { accountIdArg } from './args.js';

export const startEmailOauth = defineTool({
  name: 'start_email_oauth',
  title: 'Start email OAuth sign-in',
  description:
    'For an OAuth2 account (Gmail, Microsoft 365): the sign-in link the mailbox owner opens (valid 10 minutes); afterwards the account is active and syncs. Call again after the provider revoked access.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  input: Type.Object({ account_id: accountIdArg }),
  output: Type.Object({
    authorization_url: Type.String({ description: 'Open in a browser.' }),
    redirect_uri: Type.String({
      description: 'Where the provider sends the browser back (registered with the provider).',
    }),
    expires_at: DateTime(),
  }),
  handler: async ({ account_id }, { services }) => services.emailOauthService.start(account_id),
});
