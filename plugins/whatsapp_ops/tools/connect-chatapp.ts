import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { routingRolesArg } from './args.js';
import { withPairingQr } from './pairing-qr-content.js';
import { ChannelLabelFields, PairingOutput, SessionOutput } from './outputs.js';

export const connectChatapp = defineTool({
  name: 'connect_chatapp',
  title: 'Connect messaging number',
  description:
    "Starts pairing a messaging number (session): answers pairing_url and a QR (also as an image). A disconnected or unpaired session is reused unless force_new. With provider_id the line belongs to one of the shop's providers; a Cloud API number (phone_number_id from offered_lines) connects at once, no QR.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    label: Type.Optional(Type.String({ minLength: 1, maxLength: 50, description: 'A name for the number.' })),
    force_new: Type.Optional(
      Type.Boolean({ default: false, description: 'Create a new session even if a disconnected one exists.' }),
    ),
    routing_roles: Type.Optional(
      routingRolesArg(
        'Which messages this number sends by default; default: general, operations and marketing for the first number, operations later.',
      ),
    ),
    provider_id: Type.Optional(
      Type.Integer({ minimum: 1, description: "One of the shop's providers; omit for the server's own adapter." }),
    ),
    phone_number_id: Type.Optional(
      Type.String({ pattern: '^\\d{5,25}$', description: "For a Cloud API provider: the number's phone_number_id." }),
    ),
  }),
  output: Type.Object({
    session: SessionOutput,
    pairing: PairingOutput,
    reused: Type.Boolean({
      description: 'True when an unpaired or disconnected line was reused instead of a new one.',
    }),
    instructions: Type.String(),
    ...ChannelLabelFields,
  }),
  handler: async ({ label, force_new, routing_roles, provider_id, phone_number_id }, { services }) =>
    withPairingQr(
      await services.chatappSessionsService.connect({
        label,
        forceNew: force_new!,
        routingRoles: routing_roles,
        providerId: provider_id,
        phoneNumberId: phone_number_id,
      }),
    ),
});
