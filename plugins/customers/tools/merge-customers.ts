import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { phoneArg } from './args.js';
import { CustomerOutput } from './outputs.js';

export const mergeCustomers = defineTool({
  name: 'merge_customers',
  title: 'Merge customers',
  description:
    'Merges two records of the same person: everything the secondary customer owns (comments, tags, tickets and other linked records) moves to the primary, and the secondary is deleted, all in one transaction. ' +
    "On a tag both have, the primary keeps its own; the primary keeps its name and email and takes the secondary's only where it has none.",
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
