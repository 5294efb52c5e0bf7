import { imageContent, withContent } from '../../../core/index.js';

const PNG_DATA_URL = /^data:image\/png;base64,(.+)$/;

/**
 * The pairing QR as an image block beside the result, so a client shows the code to scan instead
 * of a data URL. The result keeps qr_data_url for clients that read only structured content.
 */
export function withPairingQr<T extends { pairing: { qr_data_url: string | null } }>(result: T): T {
  const png = result.pairing.qr_data_url && PNG_DATA_URL.exec(result.pairing.qr_data_url)?.[1];
  return png ? withContent(result, imageContent(Buffer.from(png, 'base64'), 'image/png')) : result;
}
