// mocha's spec output, plus one JSON record per test file (wall time, CPU time, tests by outcome,
// assertions, failures)
// written to SWITCHBOARD_TEST_TIMING when it is set: the runner prints the slowest files from it, so a
// slowdown is visible in the run that brings it. CommonJS because mocha loads reporters with require().
'use strict';
const { readFileSync, writeFileSync } = require('node:fs');
const { relative } = require('node:path');
const Mocha = require('mocha');

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_RUN_END } =
  Mocha.Runner.constants;

/** Assertions chai has made so far in this process (counted by test/runner/count-assertions.ts). */
const assertionsSoFar = () => globalThis.__switchboardAssertions ?? 0;

/**
 * CPU time of this process and of the children it has waited for (spawned servers and scripts), in
 * ms: what a file costs a run whose lanes share the cores. Linux's /proc counts in clock ticks
 * (USER_HZ, 100 a second); elsewhere only this process's own time is known.
 */
function cpuSoFar() {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1].split(' ');
    // utime, stime, cutime, cstime: fields 14–17 of proc(5), counted from the state at index 0.
    return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) * 10;
  } catch {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  }
}

/** The first line of a failure's message, enough to tell failures apart in the run's summary. */
const firstLine = (err) =>
  String(err?.message ?? err)
    .split('\n')[0]
    .slice(0, 300);

class TimingReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const files = new Map();
    const fileOf = (runnable) => {
      const name = runnable.file ? relative(process.cwd(), runnable.file) : '(no file)';
      let entry = files.get(name);
      if (!entry) {
        entry = {
          file: name,
          ms: 0,
          cpuMs: 0,
          passed: 0,
          failed: 0,
          pending: 0,
          assertions: 0,
          failures: [],
          open: 0,
          since: 0,
          cpuSince: 0,
          counted: 0,
        };
        files.set(name, entry);
      }
      return entry;
    };
    // A file's time runs from its first top-level suite's start to its last one's end, hooks included.
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (!suite.file || !suite.parent?.root) return;
      const entry = fileOf(suite);
      if (entry.open++ === 0) {
        entry.since = Date.now();
        entry.cpuSince = cpuSoFar();
        entry.counted = assertionsSoFar();
      }
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!suite.file || !suite.parent?.root) return;
      const entry = fileOf(suite);
      if (--entry.open === 0) {
        entry.ms += Date.now() - entry.since;
        entry.cpuMs += cpuSoFar() - entry.cpuSince;
        entry.assertions += assertionsSoFar() - entry.counted;
      }
    });
    runner.on(EVENT_TEST_PASS, (test) => fileOf(test).passed++);
    runner.on(EVENT_TEST_FAIL, (test, err) => {
      const entry = fileOf(test);
      entry.failed++;
      entry.failures.push({ title: test.fullTitle(), message: firstLine(err) });
    });
    runner.on(EVENT_TEST_PENDING, (test) => fileOf(test).pending++);
    runner.once(EVENT_RUN_END, () => {
      const out = process.env.SWITCHBOARD_TEST_TIMING;
      if (!out) return;
      const records = [...files.values()].map(({ file, ms, cpuMs, passed, failed, pending, assertions, failures }) => ({
        file,
        ms,
        cpuMs,
        passed,
        failed,
        pending,
        assertions,
        failures,
      }));
      writeFileSync(out, JSON.stringify(records, null, 1) + '\n');
    });
  }
}

module.exports = TimingReporter;
