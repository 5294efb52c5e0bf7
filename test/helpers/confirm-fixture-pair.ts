import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { bootKernel, type TestKernel } from './boot.js';
import { TestDatabase } from './test-database.js';

const FIXTURE = { confirm_fixture: { enabled: true, resolve: './test/fixtures/confirm-group/index.ts' } };

export interface ConfirmFixturePair {
  a: TestKernel;
  b: TestKernel;
  shop: { shopId: number; token: string };
  /** Clients a test connected; closed before the kernels. */
  clients: Client[];
}

/**
 * Two listening server processes' kernels on one database, with the confirmation fixture group and
 * one shop: what the elicitation tests need to show an answer or a page press handled by the process
 * that did not ask. Registers the suite's before/after hooks; the fields are set once `before` ran.
 */
export function confirmFixturePair(shopName: string): ConfirmFixturePair {
  const pair = { clients: [] as Client[] } as unknown as ConfirmFixturePair;
  let db: TestDatabase | undefined;
  before(async () => {
    db = await TestDatabase.create();
    const boot = () =>
      bootKernel({ groups: ['general', 'activity'], databaseUrl: db!.url, overrides: { groups: FIXTURE } });
    pair.a = await boot();
    pair.b = await boot();
    await pair.a.listen();
    await pair.b.listen();
    pair.shop = await pair.a.newShop(shopName);
  });
  after(async () => {
    for (const client of pair.clients) await client.close();
    await pair.a?.close();
    await pair.b?.close();
    await db?.drop();
  });
  return pair;
}
