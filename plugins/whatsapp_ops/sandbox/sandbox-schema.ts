import { SandboxSession } from './entities/sandbox-session.entity.js';
import { SandboxMessage } from './entities/sandbox-message.entity.js';
import { SandboxEvent } from './entities/sandbox-event.entity.js';
import { SandboxArchivedChat } from './entities/sandbox-archived-chat.entity.js';
import { SandboxEngineInit } from './migrations/0001-sandbox-engine.js';
import { SandboxArchivedChats } from './migrations/0002-sandbox-archived-chats.js';
import { SandboxPendingEvents } from './migrations/0003-sandbox-pending-events.js';

/** What any app hosting the sandbox engine adds to its ORM. */
export const sandboxEntities = [SandboxSession, SandboxMessage, SandboxEvent, SandboxArchivedChat];

/**
 * The engine's migrations, in order, under group-local names (the kernel prefixes them with
 * `whatsapp_ops/`). Apps sharing a database run them under the same full names, so each runs once.
 */
export const sandboxMigrations = [
  { name: '0001-sandbox-engine', class: SandboxEngineInit },
  { name: '0002-sandbox-archived-chats', class: SandboxArchivedChats },
  { name: '0003-sandbox-pending-events', class: SandboxPendingEvents },
];
