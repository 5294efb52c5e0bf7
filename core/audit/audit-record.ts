import type { EntityManager } from '@mikro-orm/postgresql';
import type { ShopContext } from '../plugin/plugin-types.js';

/**
 * Who made a call: a client with the shop's API token, a person on the confirmation page, a person
 * answering the client's own form (elicitation), or the server's own work on the shop's behalf (a
 * job, a workflow, the assistant).
 */
export type AuditActor = 'api_token' | 'confirmation_page' | 'elicitation' | 'job' | 'workflow' | 'assistant';

/** The actor of a call, and the named token behind it (null: the shop's main token, or no token). */
export interface CallOrigin {
  actor: AuditActor;
  token: string | null;
}

export const originOf = (tokenName: string | null): CallOrigin => ({ actor: 'api_token', token: tokenName });

/** What became of a confirmation: asked for, approved (and executed), rejected, or left to lapse. */
export type ConfirmationEvent = 'issued' | 'approved' | 'rejected' | 'expired';

/** The record a call touched, as its arguments or its answer name it: `{ type: 'ticket', id: '12' }`. */
export interface AuditResource {
  type: string;
  id: string;
}

/**
 * One mutation call, or one event of a confirmation, as the audit hook reports it. A confirmed call
 * gives two records: the `approved` event and the call itself.
 */
export interface AuditRecord {
  kind: 'call' | 'confirmation';
  tool: string;
  group: string;
  actor: AuditActor;
  /** The name of the named token that made the call; null for the shop's main token and other actors. */
  token: string | null;
  /** The call's arguments, with every `secret: true` argument redacted. */
  arguments: Record<string, unknown>;
  /** A call's success or failure; a confirmation's event. */
  outcome: 'success' | 'failure' | ConfirmationEvent;
  /** The failure's error_code; null otherwise. */
  error_code: string | null;
  resource: AuditResource | null;
  request_id: string;
  /** ISO 8601. */
  at: string;
}

/** Where a sink writes: the shop, and an EntityManager in the transaction the record belongs to. */
export interface AuditContext {
  shop: ShopContext;
  em: EntityManager;
}

/**
 * A group's audit sink (the manifest's `audit`). A success is reported inside the mutation's own
 * transaction, so a change and its record commit or roll back together; a failure is reported
 * after the rollback, in a transaction of its own. A sink that throws fails the call.
 */
export type AuditSink = (record: AuditRecord, ctx: AuditContext) => Promise<void>;
