/**
 * The WhatsApp Web library, in one place. Only the session service imports it: through it
 * libsignal (GPL-3.0) is loaded, which must never enter the main server (see the root README,
 * "Licences"). Installed from the session service's own package.json.
 */
export {
  Browsers,
  BufferJSON,
  DisconnectReason,
  generateMessageIDV2,
  initAuthCreds,
  isJidGroup,
  isLidUser,
  isPnUser,
  jidDecode,
  jidNormalizedUser,
  makeCacheableSignalKeyStore,
  makeWASocket,
  normalizeMessageContent,
  proto,
  toNumber,
} from 'baileys';
export type {
  AnyMessageContent,
  AuthenticationCreds,
  AuthenticationState,
  BaileysEventMap,
  ConnectionState,
  MiscMessageGenerationOptions,
  SignalDataSet,
  SignalDataTypeMap,
  SignalKeyStore,
  WAMessage,
  WAMessageKey,
  WAMessageUpdate,
} from 'baileys';
export type { ILogger } from 'baileys/lib/Utils/logger.js';
export { Boom } from '@hapi/boom';
