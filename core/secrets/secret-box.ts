import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

/**
 * Encryption for secrets at rest (stored confirmation arguments, mail passwords, provider keys):
 * AES-256-GCM under a key derived from SWITCHBOARD_SECRET. The output is self-describing
 * (`v1.<iv>.<tag>.<ciphertext>`) so the scheme can change without a migration guessing formats.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly macKey: Buffer;

  constructor(secret: string) {
    this.key = createHash('sha256').update(`switchboard:${secret}`).digest();
    this.macKey = createHash('sha256').update(`switchboard-mac:${secret}`).digest();
  }

  /**
   * A deterministic HMAC-SHA256 of `data` (base64url), for links that must prove where they came
   * from and read the same every time they are rendered (an unsubscribe link in a message that
   * may be sent again with its idempotency key). Callers put a purpose prefix in `data`.
   */
  mac(data: string): string {
    return createHmac('sha256', this.macKey).update(data).digest('base64url');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
      '.',
    );
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('sealed value has an unknown format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  }
}
