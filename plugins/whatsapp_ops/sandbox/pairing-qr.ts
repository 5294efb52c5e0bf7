import type { PairingInfo } from '../channel/channel-port.js';
import type { EnginePairing } from './sandbox-engine.js';

/** Margin and size that phone cameras read from a screen without trouble. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 320 } as const;

// Loaded at first use: the encoder and its PNG writer hold ~1 MB of heap that a server whose lines
// are all Cloud API numbers (nothing to pair) never needs.
const qrcode = async () => (await import('qrcode')).default;

/** A PNG of the QR that encodes the pairing payload (the pairing link). */
export const qrPng = async (payload: string): Promise<Buffer> =>
  (await qrcode()).toBuffer(payload, { ...QR_OPTIONS, type: 'png' });

export const qrDataUrl = async (payload: string): Promise<string> =>
  (await qrcode()).toDataURL(payload, { ...QR_OPTIONS, type: 'image/png' });

/** The port's pairing answer; qrImageUrl is wherever the host serves the PNG. */
export async function pairingInfo(pairing: EnginePairing, qrImageUrl: string | null): Promise<PairingInfo> {
  const { session, pairingUrl, qr } = pairing;
  return {
    sessionKey: session.sessionKey,
    status: session.status,
    pairingUrl,
    qrImageUrl: qr ? qrImageUrl : null,
    qrDataUrl: qr ? await qrDataUrl(qr) : null,
    engine: session.engine,
    sandbox: session.sandbox,
    notice: session.notice,
  };
}
