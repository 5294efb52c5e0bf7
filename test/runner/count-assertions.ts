import * as chai from 'chai';

/**
 * Counts every chai assertion this process makes, for the timing report's per-file assertion
 * counts: a change to the suite's speed must keep the same tests and the same assertions.
 */
declare global {
  var __switchboardAssertions: number | undefined;
}

chai.use((_chai, utils) => {
  const assertion = _chai.Assertion.prototype as { assert: (...args: unknown[]) => void };
  const original = assertion.assert;
  assertion.assert = function (this: unknown, ...args: unknown[]) {
    globalThis.__switchboardAssertions = (globalThis.__switchboardAssertions ?? 0) + 1;
    return original.apply(this, args);
  };
  void utils;
});
