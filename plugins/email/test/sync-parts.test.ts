import { expect } from 'chai';
import { syncParts } from '../services/sync/sync-parts.js';

describe('email sync batches', () => {
  const sized = (entries: [number, number][]) => new Map(entries);

  it('cuts by count', () => {
    const uids = [1, 2, 3, 4, 5];
    expect(syncParts(uids, sized(uids.map((u) => [u, 10])), 2, 1_000)).to.deep.equal([[1, 2], [3, 4], [5]]);
  });

  it('cuts by bytes before a mail would pass the budget, and a mail larger than it goes alone', () => {
    const sizes = sized([
      [1, 40],
      [2, 50],
      [3, 20],
      [7, 500],
      [8, 10],
    ]);
    expect(syncParts([1, 2, 3, 7, 8], sizes, 100, 100)).to.deep.equal([[1, 2], [3], [7], [8]]);
  });

  it('counts a mail with no size (expunged since the search) as empty, and has no batch for no mail', () => {
    expect(syncParts([4, 9], sized([[4, 90]]), 100, 100)).to.deep.equal([[4, 9]]);
    expect(syncParts([], sized([]), 100, 100)).to.deep.equal([]);
  });
});
