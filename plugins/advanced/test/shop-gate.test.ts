import { expect } from 'chai';
import { ShopGate } from '../services/webhooks/shop-gate.js';

describe('advanced: ShopGate, places per shop', () => {
  const tick = () => new Promise((r) => setImmediate(r));

  it('gives at most limit places per shop; other shops are not held back; freed places go in order', async () => {
    const gate = new ShopGate(2);
    const got: string[] = [];
    const take = (shop: number, name: string) => gate.acquire(shop).then(() => got.push(name));
    void take(1, 'a');
    void take(1, 'b');
    void take(1, 'c');
    void take(1, 'd');
    void take(2, 'x');
    await tick();
    expect(got).to.deep.equal(['a', 'b', 'x']);
    gate.release(1);
    await tick();
    expect(got).to.deep.equal(['a', 'b', 'x', 'c']);
    gate.release(1, 2);
    void take(1, 'e');
    await tick();
    expect(got, 'two freed: d takes one, e the other').to.deep.equal(['a', 'b', 'x', 'c', 'd', 'e']);
    void take(1, 'f');
    await tick();
    expect(got).to.have.length(6);
  });

  it('run frees its place when the work throws', async () => {
    const gate = new ShopGate(1);
    await gate.run(1, () => Promise.reject(new Error('boom'))).catch(() => undefined);
    let ran = false;
    await gate.run(1, async () => {
      ran = true;
    });
    expect(ran).to.equal(true);
  });
});
