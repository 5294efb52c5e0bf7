/**
 * The slow tier: files that spend their time on crashes, several processes, real outside servers
 * (Dovecot, Chromium), races and soaks, or the official conformance suite. `npm test` runs them
 * with the rest; `npm run test:quick` leaves them out. Each entry says why it is here.
 */
export const SLOW_FILES: Record<string, string> = {
  'test/conformance.test.ts': 'the official MCP conformance suite',
  'test/confirmation-browser.test.ts': 'Chromium',
  'test/server-process.test.ts': 'server processes on a new embedded database (initdb), kill -9',
  'test/three-instances.test.ts': 'three server processes on one database',
  'test/resource-subscriptions-processes.test.ts': 'two compiled server processes on one database',
  'test/shared-limits.test.ts': 'two server processes sharing Redis budgets',
  'test/cli.test.ts': 'operator CLI processes, a server process',
  'test/compiled-server.test.ts': 'the compiled server process',
  'test/embedded-postgres.test.ts': 'embedded databases created and reopened, child processes',
  'test/data-transfer.test.ts': 'operator CLI processes, embedded databases',
  'test/new-plugin.test.ts': 'scaffolds and type-checks groups in child processes',
  'plugins/advanced/test/webhooks-crash.test.ts': 'kill -9 of server processes',
  'plugins/automation/test/workflow-crash.test.ts': 'kill -9 of server processes',
  'plugins/calendar/test/calendar-crash.test.ts': 'kill -9 of server processes',
  'plugins/email/test/email-crash.test.ts': 'kill -9 of server processes, Dovecot',
  'plugins/whatsapp_ops/test/cloud-api-crash.test.ts': 'kill -9 of server processes, the Graph API fake',
  'plugins/mass_marketing/test/marketing-crash.test.ts': 'kill -9 of server processes',
  'plugins/plugins/test/widget-limits-processes.test.ts': 'two server processes',
  'plugins/plugins/test/widgets-browser.test.ts': 'Chromium',
  'plugins/voice/test/voice-button-browser.test.ts': 'Chromium',
  'plugins/calendar/test/booking-race.test.ts': 'races',
  'plugins/mass_marketing/test/credits-race.test.ts': 'races',
  'plugins/smart_followup/test/stop-race.test.ts': 'races',
  'plugins/email/test/oauth.test.ts': 'Dovecot',
  'plugins/email/test/classify-stats.test.ts': 'Dovecot',
  'plugins/email/test/secrets-in-logs.test.ts': 'Dovecot',
  'plugins/email/test/storefront-phones.test.ts': 'Dovecot',
  'plugins/products/test/questions-email.test.ts': 'Dovecot',
  'plugins/calendar/test/email-notifications.test.ts': 'Dovecot',
  'plugins/support/test/support.test.ts': 'operator CLI processes',
};
