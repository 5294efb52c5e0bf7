import { Type } from '../../../../core/index.js';
import { defineTool } from '../../define.js';
import { SegmentFiltersSchema } from '../../services/audience/segment-filters.js';
import { listIdArg } from '../args.js';
import { SegmentOutput } from '../outputs.js';

export const countFilteredContacts = defineTool({
  name: 'count_filtered_contacts',
  title: 'Count filtered contacts',
  description:
    'How many list members a campaign with this segment would reach, after blacklist, unsubscribes and opt-outs. segment_filters: tags (any), exclude_tags (none), last_contact_days, has_chatapp_history; {} counts all eligible.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  action: 'count_filtered',
  input: Type.Object({
    list_id: listIdArg(),
    segment_filters: Type.Union([SegmentFiltersSchema, Type.String({ maxLength: 10_000 })], {
      description: 'The segment, as an object or a JSON string.',
    }),
  }),
  output: Type.Object({
    list_id: Type.Integer(),
    count: Type.Integer(),
    member_count: Type.Integer(),
    segment_filters: SegmentOutput,
  }),
  handler: async ({ list_id, segment_filters }, { services }) =>
    services.marketingAudienceService.countFiltered(list_id, segment_filters),
});
