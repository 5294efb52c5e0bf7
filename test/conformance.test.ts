import { expect } from 'chai';
import { sharedDatabaseUrl } from './helpers/global-database.js';
import { runConformance } from '../scripts/conformance/run-conformance.js';

describe('the official MCP conformance suite (server mode, active suite)', function () {
  // Thirty scenarios, each a new client connection; on the second Node binary.
  this.timeout(300_000);

  it('passes every scenario, resource subscriptions included, with an empty baseline', async () => {
    const run = await runConformance(await sharedDatabaseUrl());
    expect(run.exitCode, run.output.slice(-4000)).to.equal(0);
    expect(run.output).to.match(/Baseline check passed: all failures are expected/);
    expect(run.output).to.match(/✓ tools-call-with-progress: 1 passed, 0 failed/);
    expect(run.output).to.match(/✓ tools-call-with-logging: 1 passed, 0 failed/);
    expect(run.output).to.match(/✓ dns-rebinding-protection: 2 passed, 0 failed/);
    expect(run.output).to.match(/✓ resources-subscribe: 1 passed, 0 failed/);
    expect(run.output).to.match(/✓ resources-unsubscribe: 1 passed, 0 failed/);
  });
});
