import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { categoryArg, descriptionArg, internalTextArg, priorityArg, titleArg } from './args.js';
import { TicketOutput } from './outputs.js';

export const createAiTicket = defineTool({
  name: 'create_ai_ticket',
  title: 'Create AI ticket',
  description:
    "Opens an internal ticket about a customer (phone or customer_email); sends nothing to the customer. A phone links the customer record (created if new). With dedupe_customer the customer's newest unresolved ticket is updated instead and this report added to its timeline; the answer says created or deduped.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    title: titleArg,
    phone: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    customer_email: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: 'Identifies the customer when there is no phone.',
      }),
    ),
    description: Type.Optional(descriptionArg),
    priority: Type.Optional(priorityArg('P0 is the most urgent; default P2.')),
    category: Type.Optional(categoryArg),
    message: Type.Optional(internalTextArg('Initial internal note; never sent to the customer.')),
    dedupe_customer: Type.Optional(
      Type.Boolean({
        default: false,
        description: "Update the customer's open ticket instead of creating another.",
      }),
    ),
  }),
  output: Type.Object({
    ticket: TicketOutput,
    created: Type.Boolean(),
    deduped: Type.Boolean({ description: 'True when the report was added to an open ticket of the customer.' }),
  }),
  handler: async (args, { services }) => services.ticketsService.create(args),
});
