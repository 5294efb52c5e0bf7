import type { MikroORM } from '@mikro-orm/postgresql';
import type { SandboxEngine } from '../sandbox/sandbox-engine.js';
import type { SessionServiceConfig } from './service-config.js';
import type { ServiceLimits } from './service-limits.js';
import type { ServiceSessions } from './service-sessions.js';
import type { SessionKeyGuard } from './session-key-guard.js';

/** What the session service's routes share; built once in build-session-service.ts. */
export interface ServiceDeps {
  config: Readonly<SessionServiceConfig>;
  orm: MikroORM;
  engine: SandboxEngine;
  sessions: ServiceSessions;
  limits: ServiceLimits;
  guard: SessionKeyGuard;
  baseUrl: () => string;
}

/** Where this service serves a session's QR code. */
export const qrUrl = (deps: ServiceDeps, sessionKey: string) =>
  `${deps.baseUrl()}/sessions/${encodeURIComponent(sessionKey)}/qr`;
