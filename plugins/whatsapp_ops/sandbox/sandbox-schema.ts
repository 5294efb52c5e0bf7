import { SandboxSession } from './entities/sandbox-session.entity.js';
import { SandboxMessage } from './entities/sandbox-message.entity.js';
import { SandboxEvent } from './entities/sandbox-event.entity.js';
import { SandboxEngineInit } from './migrations/0001-sandbox-engine.js';

/** What any app hosting the sandbox engine adds to its ORM. */
export const sandboxEntities = [SandboxSession, SandboxMessage, SandboxEvent];

/** The migration under its group-local name; the kernel prefixes it with `whatsapp_ops/`. */
export const sandboxMigration = { name: '0001-sandbox-engine', class: SandboxEngineInit };
