import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '../entities/values.js';
import { fileIdsArg, ThreadOutput } from './outputs.js';

export const createSupportTicket = defineTool({
  name: 'create_support_ticket',
  title: 'Create support ticket',
  description:
    "Asks the platform's support for help (for a shop customer's issue use create_ai_ticket). Attaches the diagnostics of get_support_diagnostics unless attach_diagnostics is false. Support answers in the thread; the owner is notified.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: true },
  input: Type.Object({
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.String({ minLength: 1, maxLength: 10_000 }),
    category: Type.Optional(Type.Enum(SUPPORT_CATEGORIES, { description: 'Default other.' })),
    priority: Type.Optional(Type.Enum(SUPPORT_PRIORITIES, { description: 'Default normal.' })),
    attach_diagnostics: Type.Boolean({ default: true }),
    file_ids: fileIdsArg,
  }),
  output: ThreadOutput,
  handler: async (args, { services }) => services.supportTicketsService.create(args),
});
