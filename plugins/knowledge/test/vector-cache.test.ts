import { expect } from 'chai';
import { VectorCache, type ShopVectors } from '../services/vector-cache.js';

const entry = (rows: number, stamp = 's1'): ShopVectors => ({
  model: 'm',
  dims: 4,
  stamp,
  ids: Array.from({ length: rows }, (_, i) => i),
  matrix: new Float32Array(rows * 4),
});

describe('knowledge: the vector cache keeps to its memory budget', () => {
  it('drops the least recently searched entries until the rest fit, and never keeps one larger than the budget', () => {
    const cache = new VectorCache(160); // 10 rows of 4 floats
    cache.set(1, 'chunk', entry(4));
    cache.set(2, 'chunk', entry(4));
    expect(cache.get(1, 'chunk', 'm', 's1'), 'searched again: now the most recent').to.not.equal(undefined);
    cache.set(3, 'chunk', entry(4));
    expect(cache.get(2, 'chunk', 'm', 's1')).to.equal(undefined);
    expect(cache.get(1, 'chunk', 'm', 's1')).to.not.equal(undefined);
    expect(cache.get(3, 'chunk', 'm', 's1')).to.not.equal(undefined);
    expect(cache.size()).to.equal(128);
    cache.set(4, 'snippet', entry(11));
    expect(cache.get(4, 'snippet', 'm', 's1')).to.equal(undefined);
    expect(cache.size()).to.equal(128);
  });

  it('a reloaded entry replaces the old one in the count; another stamp or model is a miss', () => {
    const cache = new VectorCache(1000);
    cache.set(1, 'snippet', entry(2));
    cache.set(1, 'snippet', entry(3, 's2'));
    expect(cache.size()).to.equal(48);
    expect(cache.get(1, 'snippet', 'm', 's1')).to.equal(undefined);
    expect(cache.get(1, 'snippet', 'other', 's2')).to.equal(undefined);
    expect(cache.get(1, 'snippet', 'm', 's2')!.ids).to.have.length(3);
  });
});
