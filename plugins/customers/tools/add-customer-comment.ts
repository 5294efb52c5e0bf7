import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, sharedSchemaExtras } from './args.js';
import { CommentOutput, CustomerOutput } from './outputs.js';

const { query, limit, tag_name, tag_color, primary_phone, secondary_phone } = sharedSchemaExtras;

export const addCustomerComment = defineTool({
  name: 'add_customer_comment',
  title: 'Add customer comment',
  description: 'Adds an internal comment (never sent) to the customer with this phone, creating the customer if new.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'add',
  input: Type.Object({
    phone: phoneArg(),
    comment: Type.String({ minLength: 1, maxLength: 5000, description: 'The internal comment.' }),
    agent_name: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        default: 'Assistant',
        description: 'Who wrote it.',
      }),
    ),
    query,
    limit,
    tag_name,
    tag_color,
    primary_phone,
    secondary_phone,
  }),
  output: Type.Object({ comment: CommentOutput, customer: CustomerOutput, customer_created: Type.Boolean() }),
  handler: async ({ phone, comment, agent_name }, { services }) =>
    services.customerCommentsService.add(phone, comment, agent_name!),
});
