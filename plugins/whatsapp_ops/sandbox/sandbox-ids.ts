import { randomBytes, randomUUID } from 'node:crypto';

/** Random identifiers: long enough that knowing one never helps to guess another. */
export const newSessionKey = () => `ses_${randomBytes(18).toString('base64url')}`;
export const newPairingToken = () => randomBytes(24).toString('base64url');
export const newProviderMessageId = () => `sbxmid.${randomBytes(18).toString('base64url')}`;
export const newEventId = () => `evt_${randomUUID().replaceAll('-', '')}`;

/**
 * The number a "scanning phone" gets when the pairing link names none. The whole +34 71x xxx xxx
 * block is a valid Spanish mobile range for libphonenumber, so the number passes the same E.164
 * validation as every stored phone.
 */
export const newLinePhone = () => `+3471${String(randomBytes(4).readUInt32BE() % 10_000_000).padStart(7, '0')}`;
