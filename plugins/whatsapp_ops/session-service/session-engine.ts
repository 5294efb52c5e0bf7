import type { EntityManager } from '../../../core/index.js';
import type { EngineLabel, SendResult, SessionInfo } from '../channel/channel-port.js';
import type { EnginePairing, OutboundMessage } from '../sandbox/sandbox-engine.js';
import type { EventSink } from '../sandbox/sandbox-outbox.js';
import type { WireMessage } from '../sandbox/sandbox-views.js';

/**
 * What the session service's routes need from the network behind them: the simulation
 * (SandboxEngine) or WhatsApp Web (BaileysEngine). Both queue their events in the same outbox and
 * deliver them through the same sink.
 */
export interface SessionEngine {
  readonly name: string;
  /** Carried by every answer: which engine, and whether anything reaches the real network. */
  readonly label: Readonly<EngineLabel>;
  setSink(sink: EventSink | null): void;
  start(): void;
  stop(): Promise<void>;
  /** Records a new session in the caller's transaction; pairing starts with connect() after it commits. */
  createSession(em: EntityManager): Promise<EnginePairing>;
  /** Starts (or restarts, after a logout) pairing; on a connected session it only reports that. */
  connect(sessionKey: string): Promise<EnginePairing>;
  /** The current pairing state; changes nothing. */
  pairingState(sessionKey: string): Promise<EnginePairing>;
  status(sessionKey: string): Promise<SessionInfo>;
  logout(sessionKey: string): Promise<SessionInfo>;
  deleteSession(sessionKey: string, em: EntityManager): Promise<boolean>;
  send(input: OutboundMessage): Promise<SendResult>;
  listMessages(
    sessionKey: string,
    page: { limit: number; offset: number; direction?: 'outbound' | 'inbound' },
  ): Promise<{ items: WireMessage[]; count: number }>;
  /**
   * Pairing by code instead of QR: the code to type on the phone (WhatsApp › Linked devices › Link
   * with phone number). Absent: the engine cannot pair that way.
   */
  requestPairingCode?(sessionKey: string, phone: string): Promise<{ code: string; session: SessionInfo }>;
}
