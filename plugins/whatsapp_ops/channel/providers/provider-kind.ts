import type { TObject } from 'typebox';
import type { NetworkGuard } from '../../../../core/index.js';
import type { WhatsappOpsConfig } from '../../config.js';
import type { ChannelPort, LineOutcome } from '../channel-port.js';
import type { NumberPacer } from '../cloud-api/number-pacer.js';
import type { SendLedger } from '../send-ledger.js';

/** A line stopped by the network (an expired token, a blocked number); the shop is told and must act. */
export interface LineStop {
  shopId: number;
  providerId: number;
  /** The stopped number; null: every line of the provider (the token is the provider's). */
  externalId: string | null;
  outcome: LineOutcome;
  reason: string;
}

/** A shop's provider as an adapter is built from it: settings as stored, credentials opened. */
export interface ProviderRecord {
  id: number;
  shopId: number;
  /** Names the provider in its webhook URLs. */
  key: string;
  kind: string;
  settings: Record<string, string>;
  credentials: Record<string, string>;
  /** Changes whenever the provider is configured again: a new version builds a new adapter. */
  version: string;
}

/** What the installation gives every provider adapter. */
export interface ProviderRuntime {
  config: WhatsappOpsConfig;
  guard: NetworkGuard;
  ledger: SendLedger;
  /** This server's public base URL: where a provider's service is told to call back (its webhook). */
  publicBaseUrl(): string;
  /** The Cloud API numbers' send slots, shared across processes. */
  pacer: NumberPacer;
  /** A network stopped a line (expired token, blocked number): recorded and the owner told, out of the caller's transaction. */
  onLineStop(stop: LineStop): void;
}

/** A number (or session) the provider's account offers as a line. */
export interface OfferedLine {
  external_id: string;
  phone: string | null;
  name: string | null;
}

/**
 * One kind of provider a shop can configure. Adding one (WAHA, Evolution API) is this object and
 * its adapter class, listed in provider-kinds.ts: the tools, the table and the per-line resolution
 * take it from there.
 */
export interface ProviderKind {
  /** The kind's name: configure_chatapp_provider's argument for it, and its lines' `adapter`. */
  name: string;
  title: string;
  /** What it is and how its lines are made, for the tools' descriptions. */
  description: string;
  /**
   * Every field the shop gives. Fields marked `secret: true` are sealed at rest and never shown
   * again; the others are stored as settings and listed.
   */
  fields: TObject;
  /** Fields that are URLs the shop supplies: each passes the network guard before it is stored. */
  urlFields: readonly string[];
  /** Where the network calls back for one provider (the route is mounted at setup), or null. */
  webhookPath(providerKey: string): string | null;
  createAdapter(provider: ProviderRecord, runtime: ProviderRuntime): ChannelPort;
  /** Checks the credentials against the network; the lines the account offers, shown to the shop. */
  verify(adapter: ChannelPort): Promise<OfferedLine[]>;
}

/** The names of a kind's fields that are secrets (sealed, write-only). */
export const secretFields = (kind: ProviderKind): string[] =>
  Object.entries(kind.fields.properties)
    .filter(([, schema]) => (schema as { secret?: boolean }).secret === true)
    .map(([name]) => name);
