import { defineEntity, p, type InferEntity } from '@mikro-orm/postgresql';
import { DEFAULT_LOG_LEVEL } from '../mcp/log-level.js';

/** The tenant. Not tenant-scoped itself: the kernel reads it to authenticate a token. */
export const Shop = defineEntity({
  name: 'Shop',
  tableName: 'shops',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200),
    tokenHash: p.string().length(64).unique(),
    timezone: p
      .string()
      .length(64)
      .onCreate(() => 'UTC'),
    locale: p
      .string()
      .length(16)
      .onCreate(() => 'en'),
    currency: p
      .string()
      .length(3)
      .onCreate(() => 'EUR'),
    maxAgents: p.integer().onCreate(() => 3),
    creditsBalance: p.bigint('number').onCreate(() => 0),
    createdAt: p.datetime().onCreate(() => new Date()),
    tokenRotatedAt: p.datetime().onCreate(() => new Date()),
    /** The referral code the shop signed up with (`npm run shop -- create --referral`), announced with shop.created. */
    referralCode: p.string().length(32).nullable(),
    /** When shop.created was delivered; null until then (see shop-announcer.ts). */
    announcedAt: p.datetime().nullable(),
    /** The least severe MCP log level the shop's client hears (logging/setLevel). */
    mcpLogLevel: p
      .string()
      .length(16)
      .onCreate(() => DEFAULT_LOG_LEVEL),
  },
});

export type Shop = InferEntity<typeof Shop>;
