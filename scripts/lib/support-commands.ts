import type { SupportDesk } from '../../plugins/support/operator/support-desk.js';
import {
  NOTICE_KINDS,
  SUPPORT_STATUSES,
  type NoticeKind,
  type SupportStatus,
} from '../../plugins/support/entities/values.js';
import { UsageError } from './cli-errors.js';
import * as value from './option-values.js';
import { parseOptions } from './parse-options.js';

export const SUPPORT_USAGE = `Usage: npm run --silent support -- <command> [options]

The operator's side of the support group: every shop's support tickets and the platform notices.

Commands:
  list [--status S] [--shop ID]
      Prints the tickets (newest activity first), with their shop_id.
  show --ticket ID
      Prints one ticket with its thread and the diagnostics the shop attached.
  reply --ticket ID --message TEXT [--resolve]
      Answers the shop (awaiting_customer, or resolved with --resolve). The server tells the shop's
      owner within seconds (a support_reply notification).
  resolve --ticket ID
      Marks the ticket resolved without a message; it closes by itself after 14 days.
  notice-set --kind maintenance|incident|info --title TEXT [--body TEXT] [--starts ISO] [--ends ISO]
      Publishes a notice every shop sees with get_platform_status (from --starts, default now).
  notice-end --id N
      Ends a notice now.
  notices
      Prints the last 100 notices.

The result is one JSON value on stdout. Exit codes: 0 done, 1 failed (e.g. unknown ticket), 2 bad
arguments. Database: DATABASE_URL when set, otherwise the embedded database in DATA_DIR.`;

export type SupportOperation = (desk: SupportDesk) => Promise<unknown>;

const MAX_ID = 2_147_483_647;

const id = (raw: string | undefined, flag: string) => value.integer(value.required(raw, flag), flag, 1, MAX_ID);

function oneOf<T extends string>(raw: string, flag: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(raw))
    throw new UsageError(`--${flag} must be one of ${allowed.join(', ')}`);
  return raw as T;
}

function instant(raw: string | undefined, flag: string): Date | undefined {
  if (raw === undefined) return undefined;
  const date = new Date(raw);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(raw) || Number.isNaN(date.getTime()))
    throw new UsageError(`--${flag} must be an ISO 8601 date-time, e.g. 2026-12-01T02:00:00Z`);
  return date;
}

/** Each command checks its arguments before any database is opened. */
const commands: Record<string, (args: string[]) => SupportOperation> = {
  list(args) {
    const o = parseOptions(args, { status: { type: 'string' }, shop: { type: 'string' } });
    const status = o.status === undefined ? undefined : oneOf<SupportStatus>(o.status, 'status', SUPPORT_STATUSES);
    const shopId = o.shop === undefined ? undefined : id(o.shop, 'shop');
    return (desk) => desk.list({ status, shopId });
  },
  show(args) {
    const ticket = id(parseOptions(args, { ticket: { type: 'string' } }).ticket, 'ticket');
    return (desk) => desk.show(ticket);
  },
  reply(args) {
    const o = parseOptions(args, {
      ticket: { type: 'string' },
      message: { type: 'string' },
      resolve: { type: 'boolean' },
    });
    const ticket = id(o.ticket, 'ticket');
    const message = value.text(value.required(o.message, 'message'), 'message', 10_000);
    return (desk) => desk.reply(ticket, message, o.resolve === true);
  },
  resolve(args) {
    const ticket = id(parseOptions(args, { ticket: { type: 'string' } }).ticket, 'ticket');
    return (desk) => desk.resolve(ticket);
  },
  'notice-set'(args) {
    const o = parseOptions(args, {
      kind: { type: 'string' },
      title: { type: 'string' },
      body: { type: 'string' },
      starts: { type: 'string' },
      ends: { type: 'string' },
    });
    const input = {
      kind: oneOf<NoticeKind>(value.required(o.kind, 'kind'), 'kind', NOTICE_KINDS),
      title: value.text(value.required(o.title, 'title'), 'title', 200),
      body: o.body === undefined ? undefined : value.text(o.body, 'body', 5_000),
      startsAt: instant(o.starts, 'starts'),
      endsAt: instant(o.ends, 'ends'),
    };
    return (desk) => desk.setNotice(input);
  },
  'notice-end'(args) {
    const notice = id(parseOptions(args, { id: { type: 'string' } }).id, 'id');
    return (desk) => desk.endNotice(notice);
  },
  notices(args) {
    parseOptions(args, {});
    return (desk) => desk.notices();
  },
};

export function parseSupportCommand(argv: string[]): SupportOperation {
  const [name, ...args] = argv;
  const command = name === undefined ? undefined : commands[name];
  if (!command) throw new UsageError(name === undefined ? 'a command is required' : `unknown command "${name}"`);
  return command(args);
}
