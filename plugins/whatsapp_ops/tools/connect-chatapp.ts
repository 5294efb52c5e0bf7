import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { routingRolesArg } from './args.js';
import { withPairingQr } from './pairing-qr-content.js';
import { ChannelLabelFields, PairingOutput, SessionOutput } from './outputs.js';

export const connectChatapp = defineTool({
  name: 'connect_chatapp',
  title: 'Connect messaging number',
  description:
    'Starts pairing a messaging number (session) and returns how to pair it: pairing_url (open it on the phone), qr_image_url and qr_data_url (the same link as a QR code, also given as an image block). ' +
    'Without force_new, a disconnected session of the shop (or one still awaiting pairing) is paired again instead of creating another (reused: true). ' +
    "routing_roles default: the shop's first number gets general, operations and marketing; later numbers get operations.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    label: Type.Optional(
      Type.String({ minLength: 1, maxLength: 50, description: 'A name for the number, at most 50 characters.' }),
    ),
    force_new: Type.Optional(
      Type.Boolean({ default: false, description: 'Create a new session even if a disconnected one exists.' }),
    ),
    routing_roles: Type.Optional(
      routingRolesArg('Which messages this number sends by default: general, operations, marketing.'),
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
  handler: async ({ label, force_new, routing_roles }, { services }) =>
    withPairingQr(
      await services.chatappSessionsService.connect({ label, forceNew: force_new!, routingRoles: routing_roles }),
    ),
});
