import type { MikroORM } from '@mikro-orm/postgresql';
import type { SessionServiceConfig } from './service-config.js';
import type { SessionEngine } from './session-engine.js';
import type { ServiceLimits } from './service-limits.js';
import type { ServiceSessions } from './service-sessions.js';
import type { SessionKeyGuard } from './session-key-guard.js';

/** What the session service's routes share; built once in build-session-service.ts. */
export interface ServiceDeps {
  config: Readonly<SessionServiceConfig>;
  orm: MikroORM;
  engine: SessionEngine;
  sessions: ServiceSessions;
  limits: ServiceLimits;
  guard: SessionKeyGuard;
  baseUrl: () => string;
  /**
   * The access code a session's keyless QR route asks for, or null when it asks none. A real
   * network's QR links whatever phone scans it as the shop's line, so it is served only to those
   * given its URL; the sandbox's QR pairs nothing real.
   */
  qrAccess: ((sessionKey: string) => string) | null;
}

/** Where this service serves a session's QR code (with its access code, where one is asked). */
export const qrUrl = (deps: ServiceDeps, sessionKey: string) => {
  const url = `${deps.baseUrl()}/sessions/${encodeURIComponent(sessionKey)}/qr`;
  return deps.qrAccess ? `${url}?access=${deps.qrAccess(sessionKey)}` : url;
};
