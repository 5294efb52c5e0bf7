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
 * `whatsapp_ops/`). They are a sequence of their own, apart from the group's, because the session
 * service runs them without the group.
 */
export const sandboxMigrations = [
  { name: 'sandbox/0001-engine', class: SandboxEngineInit, renamedFrom: '0001-sandbox-engine' },
  { name: 'sandbox/0002-archived-chats', class: SandboxArchivedChats, renamedFrom: '0002-sandbox-archived-chats' },
  { name: 'sandbox/0003-pending-events', class: SandboxPendingEvents, renamedFrom: '0003-sandbox-pending-events' },
];

/** The same migrations under the full names the kernel gives them, for apps that share a database with it. */
export const sandboxMigrationsFullNames = sandboxMigrations.map((m) => ({
  name: `whatsapp_ops/${m.name}`,
  class: m.class,
  renamedFrom: `whatsapp_ops/${m.renamedFrom}`,
}));
