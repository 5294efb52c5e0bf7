import type { ImapFlow } from 'imapflow';

/** Whether a mail with this Message-ID is in the folder (a send that may have left before a crash). */
export async function inFolder(client: ImapFlow, folder: string, messageId: string): Promise<boolean> {
  const lock = await client.getMailboxLock(folder, { readOnly: true });
  try {
    const found = await client.search({ header: { 'message-id': messageId } }, { uid: true });
    return Array.isArray(found) && found.length > 0;
  } finally {
    lock.release();
  }
}

/** Files a sent mail in the folder, read (the server does not do it itself). */
export async function fileSent(client: ImapFlow, folder: string, raw: Buffer): Promise<void> {
  await client.append(folder, raw, ['\\Seen']);
}
