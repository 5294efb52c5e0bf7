import type {
  ChannelCapabilities,
  ChannelEventHandler,
  ChannelPort,
  CreatedSession,
  NewSession,
  PairingInfo,
  SendAttempt,
  SendInput,
  SendResult,
  SessionInfo,
  SessionRef,
} from './channel-port.js';
import { eventFromWire, type WireEvent } from './wire-format.js';
import type { EnginePairing, SandboxEngine } from '../sandbox/sandbox-engine.js';
import { pairingInfo } from '../sandbox/pairing-qr.js';

/**
 * The embedded default: the port over an in-process sandbox engine. Sessions need no API key
 * here; shop ownership is the caller's record. The engine's outbox feeds the one event handler
 * in batches, so a batch whose handler throws is retried like a failed webhook.
 */
export class SandboxAdapter implements ChannelPort {
  readonly kind = 'sandbox' as const;
  readonly capabilities: ChannelCapabilities = {
    pairing: true,
    lineState: true,
    templates: false,
    customerServiceWindow: false,
  };
  private handler: ChannelEventHandler | null = null;

  constructor(private readonly engine: SandboxEngine) {
    engine.setSink((events) => this.dispatch(events));
  }

  async createSession(_input: NewSession): Promise<CreatedSession> {
    const pairing = await this.engine.createSession();
    return { sessionKey: pairing.session.sessionKey, pairing: await this.pairingInfo(pairing) };
  }

  async connect(session: SessionRef): Promise<PairingInfo> {
    return this.pairingInfo(await this.engine.connect(session.sessionKey));
  }

  status(session: SessionRef): Promise<SessionInfo> {
    return this.engine.status(session.sessionKey);
  }

  send(input: SendInput): Promise<SendResult> {
    const { sessionKey, to, text, media, idempotencyKey } = input;
    return this.engine.send({ sessionKey, to, text, media, idempotencyKey });
  }

  sendMany(inputs: SendInput[]): Promise<SendAttempt[]> {
    return this.engine.sendMany(
      inputs.map(({ sessionKey, to, text, media, idempotencyKey }) => ({
        sessionKey,
        to,
        text,
        media,
        idempotencyKey,
      })),
    );
  }

  logout(session: SessionRef): Promise<SessionInfo> {
    return this.engine.logout(session.sessionKey);
  }

  async deleteSession(session: SessionRef): Promise<void> {
    await this.engine.deleteSession(session.sessionKey);
  }

  async archiveChat(session: SessionRef, peer: string, archived: boolean): Promise<void> {
    await this.engine.archiveChat(session.sessionKey, peer, archived);
  }

  setEventHandler(handler: ChannelEventHandler | null): void {
    this.handler = handler;
  }

  private async dispatch(events: WireEvent[]): Promise<void> {
    if (!this.handler) throw new Error('no channel event handler is attached');
    await this.handler(events.map(eventFromWire));
  }

  /** The pairing routes serve the QR image next to the link. */
  private pairingInfo(pairing: EnginePairing) {
    return pairingInfo(pairing, pairing.pairingUrl && `${pairing.pairingUrl}/qr`);
  }
}
