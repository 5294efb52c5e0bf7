import type { EventHandler } from '../../../core/index.js';
import type { WhatsappOpsLineDisconnected } from '../../whatsapp_ops/surface.js';
import { OWNER } from '../entities/values.js';

/** A line the network dropped or stopped no longer sends or receives: the owner has to bring it back. */
export const onLineDisconnected: EventHandler<WhatsappOpsLineDisconnected> = async (e, { services }) => {
  const name = e.label ?? e.phone ?? `#${e.session_id}`;
  await services.notificationsService.notify({
    recipients: [OWNER],
    type: 'line_disconnected',
    title: `Line ${name} disconnected`,
    body: `The network reported: ${e.reason}. ${e.remedy}`,
    resource: { type: 'session', id: e.session_id },
    dedupeKey: `session:${e.session_id}`,
    sessionId: e.session_id,
  });
};
