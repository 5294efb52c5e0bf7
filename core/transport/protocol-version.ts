/**
 * The MCP revisions this server speaks, newest first. 2025-03-26 is the contract's revision and
 * the one assumed when a request carries no MCP-Protocol-Version header (as the 2025-06-18
 * revision tells servers to do).
 */
export const PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'] as const;
export type ProtocolVersion = (typeof PROTOCOL_VERSIONS)[number];

export const BASE_PROTOCOL_VERSION: ProtocolVersion = '2025-03-26';

export const isProtocolVersion = (value: unknown): value is ProtocolVersion =>
  (PROTOCOL_VERSIONS as readonly unknown[]).includes(value);

/**
 * initialize: the client's revision when we speak it, else our newest (the client then decides
 * whether it can go on, as MCP's version negotiation says).
 */
export const negotiate = (requested: string): ProtocolVersion =>
  isProtocolVersion(requested) ? requested : PROTOCOL_VERSIONS[0];

/** Revisions from 2025-06-18 on know tool titles, output schemas and structured content. */
export const hasOutputSchemas = (version: ProtocolVersion): boolean => version >= '2025-06-18';
