import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { CustomerOutput } from './outputs.js';

export const mergeCustomers = defineTool({
  name: 'merge_customers',
  title: 'Merge customers',
  description:
    "Merges two records of one person: the secondary's comments, tags, tickets and other records move to the primary, which keeps its own name, email and tags where set; the secondary is deleted.",
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({
    primary_phone: phoneArg('Phone of the customer to keep.'),
    secondary_phone: phoneArg('Phone of the customer merged into the primary and then deleted.'),
  }),
  output: Type.Object({
    customer: CustomerOutput,
    merged: Type.Object(
      {
        secondary_id: Type.Integer(),
        secondary_phone: Type.String(),
        comments_moved: Type.Integer(),
        tags_moved: Type.Integer(),
        tags_already_present: Type.Integer(),
      },
      { additionalProperties: false },
    ),
  }),
  handler: async ({ primary_phone, secondary_phone }, { services }) =>
    services.customerMergeService.merge(primary_phone, secondary_phone),
});
