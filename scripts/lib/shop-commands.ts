import type { ShopService } from '../../core/tenancy/shop-service.js';
import { TokenError, type TokenService } from '../../core/auth/token-service.js';
import type { ShopRecord } from '../../core/tenancy/shop-profile-service.js';
import { OperatorError, UsageError } from './cli-errors.js';
import * as value from './option-values.js';
import { parseOptions } from './parse-options.js';

export const SHOP_USAGE = `Usage: npm run --silent shop -- <command> [options]

Commands:
  create --name NAME [--max-agents N] [--credits N] [--timezone TZ] [--locale L] [--currency C] [--referral CODE]
      Creates a shop and prints {"shop_id":N,"token":"..."}. The token is shown only this once.
      --referral: the referral code of the shop that brought it (the referrals group).
  rotate-token --shop ID
      Issues a new token and prints {"shop_id":N,"token":"..."}; the old token stops working at once.
  list
      Prints the shops as a JSON array (never their tokens).
  credit --shop ID --add N [--kind grant|purchase] [--reason R]
      Adds N credits (grant: free, the default; purchase: paid for) and prints {"shop_id":N,"balance":B}.
  refund --shop ID --amount N [--reason R]
      Takes back N purchased credits (a refunded payment; fails if the balance is lower).
  token-create --shop ID --name NAME [--groups G1,G2] [--read-only] [--expires-in-days N]
      Creates a named token limited to those groups (default: all), to reading, and/or in time;
      prints {"token":"...", ...}. The token is shown only this once.
  token-list --shop ID
      Prints the shop's named tokens (never the tokens themselves), revoked ones included.
  token-revoke --shop ID --name NAME
      Revokes the live token of that name; it stops working at once in every server process.

The result is one JSON value on stdout; messages go to stderr. Exit codes: 0 done, 1 failed
(e.g. unknown shop), 2 bad arguments. Database: DATABASE_URL when set, otherwise the embedded
database in DATA_DIR (default ./data), shared with the server when it is running.`;

const MAX_SHOP_ID = 2_147_483_647;
const MAX_AMOUNT = Number.MAX_SAFE_INTEGER;

export interface Operators {
  shops: ShopService;
  tokens: TokenService;
  /** The groups the configuration enables: what a token may be limited to. */
  groups: readonly string[];
}

export type ShopOperation = (operators: Operators) => Promise<unknown>;

const GROUP_NAME = /^[a-z][a-z0-9_]*$/;
const MAX_EXPIRY_DAYS = 3_650;

/** Each command checks its arguments before any database is opened: a typo costs no start-up. */
const commands: Record<string, (args: string[]) => ShopOperation> = {
  create(args) {
    const o = parseOptions(args, {
      name: { type: 'string' },
      'max-agents': { type: 'string' },
      credits: { type: 'string' },
      timezone: { type: 'string' },
      locale: { type: 'string' },
      currency: { type: 'string' },
      referral: { type: 'string' },
    });
    const input = {
      name: value.text(value.required(o.name, 'name'), 'name', 200),
      maxAgents: optional(o['max-agents'], (v) => value.integer(v, 'max-agents', 0, MAX_SHOP_ID)),
      credits: optional(o.credits, (v) => value.integer(v, 'credits', 0, MAX_AMOUNT)),
      timezone: optional(o.timezone, (v) => value.timezone(v, 'timezone')),
      locale: optional(o.locale, (v) => value.locale(v, 'locale', 16)),
      currency: optional(o.currency, (v) => value.currency(v, 'currency')),
      referralCode: optional(o.referral, (v) => {
        const code = v.trim().toUpperCase();
        if (!/^[A-Z0-9]{4,32}$/.test(code))
          throw new UsageError('--referral must be a referral code (letters and digits)');
        return code;
      }),
    };
    return async ({ shops }) => {
      const { shopId, token } = await shops.create(input);
      return { shop_id: shopId, token };
    };
  },

  'rotate-token'(args) {
    const o = parseOptions(args, { shop: { type: 'string' } });
    const shopId = shopIdOption(o.shop);
    return async ({ shops }) => {
      const token = await shops.rotateToken(shopId);
      if (token === null) throw unknownShop(shopId);
      return { shop_id: shopId, token };
    };
  },

  list(args) {
    parseOptions(args, {});
    return async ({ shops }) => (await shops.list()).map(toJson);
  },

  credit(args) {
    const o = parseOptions(args, {
      shop: { type: 'string' },
      add: { type: 'string' },
      reason: { type: 'string' },
      kind: { type: 'string' },
    });
    const shopId = shopIdOption(o.shop);
    const amount = value.integer(value.required(o.add, 'add'), 'add', 1, MAX_AMOUNT);
    const kind = o.kind ?? 'grant';
    if (kind !== 'grant' && kind !== 'purchase') throw new UsageError('--kind must be grant or purchase');
    const reason = optional(o.reason, (v) => value.text(v, 'reason', 64)) ?? `operator_${kind}`;
    return async ({ shops }) => {
      const balance = await shops.addCredits(shopId, amount, reason, kind);
      if (balance === null) throw unknownShop(shopId);
      return { shop_id: shopId, balance };
    };
  },

  refund(args) {
    const o = parseOptions(args, { shop: { type: 'string' }, amount: { type: 'string' }, reason: { type: 'string' } });
    const shopId = shopIdOption(o.shop);
    const amount = value.integer(value.required(o.amount, 'amount'), 'amount', 1, MAX_AMOUNT);
    const reason = optional(o.reason, (v) => value.text(v, 'reason', 64)) ?? 'operator_purchase_refund';
    return async ({ shops }) => {
      const balance = await shops.addCredits(shopId, amount, reason, 'purchase_refund').catch((err) => {
        throw new OperatorError((err as Error).message);
      });
      if (balance === null) throw unknownShop(shopId);
      return { shop_id: shopId, balance };
    };
  },

  'token-create'(args) {
    const o = parseOptions(args, {
      shop: { type: 'string' },
      name: { type: 'string' },
      groups: { type: 'string' },
      'read-only': { type: 'boolean' },
      'expires-in-days': { type: 'string' },
    });
    const shopId = shopIdOption(o.shop);
    const name = tokenName(o.name);
    const groups = optional(o.groups, (raw) => {
      const list = [...new Set(raw.split(',').map((g) => g.trim()))];
      const bad = list.filter((g) => !GROUP_NAME.test(g));
      if (list.length === 0 || bad.length > 0) throw new UsageError(`--groups must list group names: ${raw}`);
      return list;
    });
    const days = optional(o['expires-in-days'], (v) => value.integer(v, 'expires-in-days', 1, MAX_EXPIRY_DAYS));
    return async ({ tokens, groups: enabled }) => {
      const unknown = (groups ?? []).filter((g) => !enabled.includes(g));
      if (unknown.length > 0)
        throw new OperatorError(`not an enabled group: ${unknown.join(', ')} (enabled: ${enabled.join(', ')})`);
      const created = await tokens
        .create({
          shopId,
          name,
          ...(groups && { groups }),
          readOnly: o['read-only'] === true,
          ...(days !== undefined && { expiresAt: new Date(Date.now() + days * 86_400_000) }),
        })
        .catch(operatorError);
      if (created === null) throw unknownShop(shopId);
      return { token: created.token, ...created.record };
    };
  },

  'token-list'(args) {
    const o = parseOptions(args, { shop: { type: 'string' } });
    const shopId = shopIdOption(o.shop);
    return async ({ tokens }) => {
      const list = await tokens.list(shopId);
      if (list === null) throw unknownShop(shopId);
      return list;
    };
  },

  'token-revoke'(args) {
    const o = parseOptions(args, { shop: { type: 'string' }, name: { type: 'string' } });
    const shopId = shopIdOption(o.shop);
    const name = tokenName(o.name);
    return async ({ tokens }) => {
      const revoked = await tokens.revoke(shopId, name);
      if (revoked === null) throw new OperatorError(`shop ${shopId} has no live token named "${name}"`);
      return revoked;
    };
  },
};

const tokenName = (raw: string | undefined) => value.text(value.required(raw, 'name'), 'name', 64);

const operatorError = (err: unknown): never => {
  throw err instanceof TokenError ? new OperatorError(err.message) : err;
};

const optional = <T>(raw: string | undefined, parse: (raw: string) => T): T | undefined =>
  raw === undefined ? undefined : parse(raw);
const shopIdOption = (raw: string | undefined) => value.integer(value.required(raw, 'shop'), 'shop', 1, MAX_SHOP_ID);
const unknownShop = (shopId: number) => new OperatorError(`no shop with id ${shopId}`);

const toJson = (s: ShopRecord) => ({
  id: s.id,
  name: s.name,
  timezone: s.timezone,
  locale: s.locale,
  currency: s.currency,
  max_agents: s.maxAgents,
  credits_balance: s.creditsBalance,
});

/** argv → the operation it asks for. Opens nothing: bad arguments fail before any database is touched. */
export function parseShopCommand([name, ...args]: string[]): ShopOperation {
  if (name === undefined) throw new UsageError('a command is required');
  if (!Object.hasOwn(commands, name)) throw new UsageError(`unknown command "${name}"`);
  return commands[name]!(args);
}
