import { expect } from 'chai';
import { boundHeapGrowth, HEAP_GROWING_PERCENT } from './heap-growth.js';

describe('heap growth bound', () => {
  const flagsSet = (execArgv: string[]) => {
    const set: string[] = [];
    boundHeapGrowth(execArgv, (flags) => set.push(flags));
    return set;
  };

  it('sets the growing factor when node was given none', () => {
    expect(flagsSet(['--conditions=switchboard-built'])).to.deep.equal([
      `--heap-growing-percent=${HEAP_GROWING_PERCENT}`,
    ]);
  });

  it("leaves an operator's own setting alone, however it is spelled", () => {
    expect(flagsSet(['--heap-growing-percent=80'])).to.deep.equal([]);
    expect(flagsSet(['--heap_growing_percent', '80'])).to.deep.equal([]);
  });
});
