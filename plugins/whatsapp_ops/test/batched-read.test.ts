import { expect } from 'chai';
import { batchedRead } from '../wiring/batched-read.js';

describe('whatsapp_ops: reads shared by a burst of webhook requests', () => {
  it('callers of a burst share one read; a caller arriving while it runs waits for the next read, which starts after it', async () => {
    const reads: { keys: string[]; answer: () => void }[] = [];
    const read = batchedRead(
      (keys: string[]) =>
        new Promise<Map<string, string>>((resolve) =>
          reads.push({ keys, answer: () => resolve(new Map(keys.map((k) => [k, `${k}@read${reads.length}`]))) }),
        ),
    );
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const burst = [read('a'), read('b'), read('a')];
    await tick();
    expect(reads.map((r) => r.keys)).to.deep.equal([['a', 'b']]);
    // Asked after the first read started: it may not take that read's rows, and no second read runs alongside.
    const later = read('a');
    await tick();
    expect(reads).to.have.length(1);
    reads[0]!.answer();
    expect(await Promise.all(burst)).to.deep.equal(['a@read1', 'b@read1', 'a@read1']);
    await tick();
    expect(reads.map((r) => r.keys)).to.deep.equal([['a', 'b'], ['a']]);
    reads[1]!.answer();
    expect(await later).to.equal('a@read2');
  });

  it('a failed read refuses its callers only; the next read goes on', async () => {
    let fail = true;
    const read = batchedRead(async (keys: string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((k) => [k, k.length]));
    });
    const refused = await read('abc').catch((err: Error) => err.message);
    expect(refused).to.equal('database gone');
    fail = false;
    expect(await read('abcd')).to.equal(4);
  });
});
