import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../secrets/secret-box.js';

/** What a client declared at initialize that later requests need: whether it can be asked things. */
export interface ClientCapabilities {
  elicitForm: boolean;
  elicitUrl: boolean;
  sampling: boolean;
}

export interface McpSession {
  /** The Mcp-Session-Id as the client sends it. */
  id: string;
  /** A short stable digest of the id, for routing keys and subscription rows. */
  key: string;
  capabilities: ClientCapabilities;
}

const PREFIX = 's1';

/**
 * Mcp-Session-Id values that carry their own state: the client's capabilities and a random part,
 * signed with the installation's secret. Any process verifies one without a lookup, nothing is
 * stored per session, and a forged or altered id is refused (HTTP 404, as for an unknown session).
 * What needs state across requests is keyed by the session and kept where every process sees it
 * (answers routed through the database's notifications, subscriptions in a table).
 */
export class McpSessions {
  constructor(private readonly secrets: SecretBox) {}

  issue(capabilities: ClientCapabilities): McpSession {
    const flags = `${capabilities.elicitForm ? 'f' : ''}${capabilities.elicitUrl ? 'u' : ''}${capabilities.sampling ? 's' : ''}`;
    const body = `${randomBytes(16).toString('base64url')}-${flags || 'n'}`;
    const id = `${PREFIX}.${body}.${this.secrets.mac(`mcp-session:${body}`)}`;
    return { id, key: keyOf(id), capabilities };
  }

  /** The session an id names, or null for one this installation did not issue. */
  open(id: string): McpSession | null {
    const [prefix, body, mac] = id.split('.');
    if (prefix !== PREFIX || !body || !mac || id.split('.').length !== 3) return null;
    const expected = Buffer.from(this.secrets.mac(`mcp-session:${body}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const flags = body.slice(body.lastIndexOf('-') + 1);
    return {
      id,
      key: keyOf(id),
      capabilities: { elicitForm: flags.includes('f'), elicitUrl: flags.includes('u'), sampling: flags.includes('s') },
    };
  }
}

/**
 * The capabilities of an initialize request's `params.capabilities`. `elicitation: {}` is form
 * mode (2025-06-18, and 2025-11-25 for backward compatibility); URL mode only when declared.
 */
export function declaredCapabilities(capabilities: unknown): ClientCapabilities {
  const caps = (typeof capabilities === 'object' && capabilities !== null ? capabilities : {}) as Record<
    string,
    unknown
  >;
  const elicitation = caps.elicitation;
  const modes =
    typeof elicitation === 'object' && elicitation !== null ? (elicitation as Record<string, unknown>) : undefined;
  const form = modes !== undefined && (Object.keys(modes).length === 0 || modes.form !== undefined);
  const url = modes?.url !== undefined;
  return {
    elicitForm: form,
    elicitUrl: url,
    sampling: typeof caps.sampling === 'object' && caps.sampling !== null,
  };
}

const keyOf = (id: string) => createHash('sha256').update(id).digest('base64url').slice(0, 22);
