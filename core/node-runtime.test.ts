import { expect } from 'chai';
import { checkNodeRuntime, SUPPORTED_NODE } from './node-runtime.js';

describe('the Node.js runtime check', () => {
  it('accepts the Node.js the suite runs on, which npm ci installed', () => {
    expect(checkNodeRuntime()).to.equal(null);
  });

  it('refuses one outside package.json engines, naming the range, the version and what to do', () => {
    for (const version of ['v20.20.2', 'v22.23.3', 'v25.0.0']) {
      const refusal = checkNodeRuntime(version);
      expect(refusal).to.contain(SUPPORTED_NODE).and.contain(version).and.contain('npm start');
    }
  });
});
