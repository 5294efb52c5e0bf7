import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { categoryArg, descriptionArg, internalTextArg, priorityArg, titleArg } from './args.js';
import { TicketOutput } from './outputs.js';

export const createAiTicket = defineTool({
  name: 'create_ai_ticket',
  title: 'Create AI ticket',
  description:
    'Opens an internal ticket about a customer (phone, or customer_email when there is no phone; at least one). Sends nothing to the customer. ' +
    "A phone links the ticket to the customer record (created when new). With dedupe_customer: true, the customer's newest ticket that is not resolved or closed " +
    '(same phone; same email when no phone is given) is updated instead: description, priority and category given here replace its own, its title stays, and this report (title and message) is added to its timeline. ' +
    'The answer says which happened: created / deduped.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'create',
  input: Type.Object({
    title: titleArg,
    phone: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: 'Customer phone with international prefix, e.g. +34600111222.',
      }),
    ),
    customer_email: Type.Optional(
      Type.String({
        format: 'email',
        maxLength: 254,
        description: 'Customer email; identifies the customer when there is no phone.',
      }),
    ),
    description: Type.Optional(descriptionArg),
    priority: Type.Optional(priorityArg('P0 (most urgent) to P3; default P2.')),
    category: Type.Optional(categoryArg),
    message: Type.Optional(internalTextArg('Initial internal note; never sent to the customer.')),
    dedupe_customer: Type.Optional(
      Type.Boolean({
        default: false,
        description: "true: update the customer's open ticket instead of creating another.",
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
