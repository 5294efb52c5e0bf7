import { phoneNumber } from '../../channel/phone-number.js';
import { isLidUser, isPnUser, jidDecode, type WAMessageKey } from './library.js';
import type { EngineSocket } from './engine-socket.js';

/** A phone number (E.164) as the network addresses it: `<digits>@s.whatsapp.net`. */
export const jidOfPhone = (phone: string) => `${phone.replace(/^\+/, '')}@s.whatsapp.net`;

/** `<digits>[:device]@s.whatsapp.net` → E.164, or null when it does not hold a valid number. */
export function phoneOfJid(jid: string | null | undefined): string | null {
  const user = jid ? jidDecode(jid)?.user : undefined;
  if (!user || !/^\d+$/.test(user)) return null;
  try {
    return phoneNumber(`+${user}`, 'jid');
  } catch {
    return null;
  }
}

/**
 * The customer's number for an inbound message of a one-to-one chat. The library names the chat
 * by phone number or by LID: a phone JID is used as is (also when it comes as `remoteJidAlt`
 * beside a LID); a LID is resolved through the library's LID mapping, which knows the pairs it has
 * seen. Groups, broadcasts and channels are not one-to-one chats: null.
 */
export async function peerPhoneOf(key: WAMessageKey, socket: EngineSocket): Promise<string | null> {
  const { remoteJid, remoteJidAlt } = key;
  if (isPnUser(remoteJid ?? undefined)) return phoneOfJid(remoteJid);
  if (!isLidUser(remoteJid ?? undefined)) return null;
  if (isPnUser(remoteJidAlt)) return phoneOfJid(remoteJidAlt);
  return phoneOfJid(await socket.signalRepository.lidMapping.getPNForLID(remoteJid!));
}
