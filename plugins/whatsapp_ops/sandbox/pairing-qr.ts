import QRCode from 'qrcode';
import type { PairingInfo } from '../channel/channel-port.js';
import type { EnginePairing } from './sandbox-engine.js';

/** Margin and size that phone cameras read from a screen without trouble. */
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2, width: 320 } as const;

/** A PNG of the QR that encodes the pairing payload (the pairing link). */
export const qrPng = (payload: string): Promise<Buffer> => QRCode.toBuffer(payload, { ...QR_OPTIONS, type: 'png' });

export const qrDataUrl = (payload: string): Promise<string> =>
  QRCode.toDataURL(payload, { ...QR_OPTIONS, type: 'image/png' });

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
