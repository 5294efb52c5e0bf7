import type { TestKernel } from '../../../../test/helpers/boot.js';
import { bootOps, rows } from '../../../../test/helpers/ops-kernel.js';
import type { SendInput } from '../../channel/channel-port.js';
import { SendLedger, type OpenSend, type Posted } from '../../channel/send-ledger.js';

export interface LedgerBed {
  k: TestKernel;
  shopId: number;
  ledger: SendLedger;
  /** The ledger's rows of one line (`<prefix>-line`), by key. */
  attempts(prefix: string): Promise<Record<string, unknown>[]>;
}

/** A shop and a send ledger on the kernel's own statements, made before the describe block's tests and closed after. */
export function ledgerBed(shopName: string): LedgerBed {
  const bed = {
    attempts: (prefix: string) =>
      rows(
        bed.k,
        'select idempotency_key, status, provider_message_id from chatapp_send_attempts where shop_id = ? and session_key = ? order by idempotency_key',
        [bed.shopId, `${prefix}-line`],
      ),
  } as LedgerBed;
  before(async () => {
    bed.k = await bootOps();
    ({ shopId: bed.shopId } = await bed.k.newShop(shopName));
    bed.ledger = new SendLedger(bed.k.ownStatements);
  });
  after(async () => {
    await bed.k?.close();
  });
  return bed;
}

/** The i-th send on the line `<prefix>-line`, its key `<prefix>-<i>`. */
export const ledgerInput = (prefix: string, i = 0): SendInput => ({
  sessionKey: `${prefix}-line`,
  idempotencyKey: `${prefix}-${i}`,
  to: `+3460000000${i}`,
  text: `Hola ${i}`,
});

/** What a network answers for a request it took. */
export const posted = (id: string): Posted => ({ providerMessageId: id, sentAt: new Date() });

/** A network whose requests open at once and reach it whole once completed: the ledger without HTTP. */
export const whole =
  (post: (input: SendInput) => Promise<Posted>): OpenSend =>
  async (input) => {
    let posting: Promise<Posted> | undefined;
    return { complete: () => void (posting = post(input)), answer: () => posting!, abandon: () => undefined };
  };
