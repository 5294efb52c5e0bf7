import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { PROVIDER_KINDS } from '../channel/providers/provider-kinds.js';
import { OfferedLineOutput, ProviderOutput } from './provider-outputs.js';

/** One optional argument per provider kind, holding that kind's fields (all optional: an update gives only what changes). */
const kindArguments = Object.fromEntries(
  [...PROVIDER_KINDS.values()].map((kind) => [
    kind.name,
    Type.Optional(
      Type.Partial(kind.fields, { additionalProperties: false, description: `${kind.title}: ${kind.description}` }),
    ),
  ]),
);

export const configureChatappProvider = defineTool({
  name: 'configure_chatapp_provider',
  title: 'Configure messaging provider',
  description:
    "Adds one of the shop's own messaging providers (fields under the kind's name), or changes one with provider_id (only what changes). Credentials are checked with the network, stored encrypted and never shown. Answers webhook_url (cloud_api: the Meta app's callback URL) and offered_lines; then connect lines with connect_chatapp (provider_id).",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: true },
  input: Type.Object({
    provider_id: Type.Optional(Type.Integer({ minimum: 1, description: 'The provider to change; omit to add one.' })),
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'A name for the provider.' })),
    ...kindArguments,
  }),
  output: Type.Object({ provider: ProviderOutput, offered_lines: Type.Array(OfferedLineOutput) }),
  handler: async ({ provider_id, label, ...byKind }, { services }) =>
    services.chatappProvidersService.configure({
      providerId: provider_id,
      label,
      byKind: byKind as Record<string, Record<string, string> | undefined>,
    }),
});
