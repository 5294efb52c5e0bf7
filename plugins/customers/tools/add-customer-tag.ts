import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg, sharedSchemaExtras, TAG_COLOR_PATTERN } from './args.js';
import { CustomerOutput, TagOutput } from './outputs.js';

const { comment, agent_name, query, limit, primary_phone, secondary_phone } = sharedSchemaExtras;

export const addCustomerTag = defineTool({
  name: 'add_customer_tag',
  title: 'Add customer tag',
  description:
    'Tags the customer with this phone, creating the customer if new. A tag appears once per customer (any case); adding it again updates its color.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: true, openWorld: false },
  action: 'add',
  input: Type.Object({
    phone: phoneArg(),
    tag_name: Type.String({ minLength: 1, maxLength: 50, description: 'The tag, e.g. "VIP".' }),
    tag_color: Type.Optional(
      Type.String({
        pattern: TAG_COLOR_PATTERN,
        default: '#2563eb',
        description: 'Hex color #RRGGBB.',
      }),
    ),
    comment,
    agent_name,
    query,
    limit,
    primary_phone,
    secondary_phone,
  }),
  output: Type.Object({
    tag: TagOutput,
    tag_created: Type.Boolean(),
    customer: CustomerOutput,
    customer_created: Type.Boolean(),
  }),
  handler: async ({ phone, tag_name, tag_color }, { services }) =>
    services.customerTagsService.add(phone, tag_name, tag_color!),
});
