import { defineErrors } from 'switchboard';

/** The one code the fixtures answer with: test_error_handling fails on purpose. */
export const conformanceErrors = defineErrors({
  fixture_failure: { when: 'test_error_handling, always: the suite checks how a failing tool is reported.' },
});
