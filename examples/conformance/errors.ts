import { defineErrors } from 'switchboard';

/** The one code the fixtures answer with: test_error_handling fails on purpose. */
export const conformanceErrors = defineErrors({
  fixture_failure: { when: 'test_error_handling, always: the suite checks how a failing tool is reported.' },
  fixture_client_cannot_ask: {
    when: 'test_sampling and the elicitation tools, when the client did not declare the capability or did not answer.',
  },
});
