/**
 * The kernel pieces a standalone server built on Switchboard reuses (the WhatsApp session
 * service is one): its database on PostgreSQL or the embedded engine, the kernel's migrations
 * when it shares the main server's database, logging with the same redactions, request budgets,
 * and shop API tokens checked the way the kernel checks them. Groups use core/index.ts; only a
 * separate process imports this, and only what is listed here.
 */
export { createOrm } from './db/create-orm.js';
export { startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded-postgres.js';
export { kernelMigrations } from './db/kernel-schema.js';
export { loggerOptions } from './logging/logger-options.js';
export { RequestLimiter } from './limits/request-limiter.js';
export { hashApiToken, bearerToken, shopForApiToken } from './auth/api-token.js';
export { forkForShop } from './tenancy/fork-for-shop.js';
export { SecretBox } from './secrets/secret-box.js';
