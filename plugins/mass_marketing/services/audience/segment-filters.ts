import { Type, describeErrors, invalidArguments, type Static } from '../../../../core/index.js';
import { Value } from 'typebox/value';

const TagList = Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 50 });

/** The keys a segment takes (the spec's tags, last_contact_days, has_chatapp_history, and exclude_tags from its usage). */
export const SegmentFiltersSchema = Type.Object(
  {
    tags: Type.Optional(TagList),
    exclude_tags: Type.Optional(TagList),
    last_contact_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 36500 })),
    has_chatapp_history: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export type SegmentFiltersInput = Static<typeof SegmentFiltersSchema>;

/** A segment ready for SQL: tag names lowercased (tags match without case, as in the customers group). */
export interface SegmentFilters {
  tags: string[];
  excludeTags: string[];
  lastContactDays: number | null;
  hasChatappHistory: boolean | null;
}

export const NO_FILTERS: SegmentFilters = { tags: [], excludeTags: [], lastContactDays: null, hasChatappHistory: null };

const tagSet = (tags: string[] | undefined) => [
  ...new Set((tags ?? []).map((t) => t.trim().toLowerCase()).filter((t) => t !== '')),
];

/**
 * segment_filters as an object or as a JSON string of one. Unknown keys and wrong types are
 * invalid_arguments naming the key (`segment_filters.tags[1]`), never ignored: a filter that is
 * silently dropped would widen a campaign's audience.
 */
export function parseSegmentFilters(input: unknown, field = 'segment_filters'): SegmentFilters {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = input.trim() === '' ? {} : JSON.parse(input);
    } catch (err) {
      throw invalidArguments(`${field} is not valid JSON: ${(err as Error).message}`, [
        { path: field, message: 'is not valid JSON' },
      ]);
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidArguments(
      `${field} must be an object (or a JSON string of one) with tags, exclude_tags, last_contact_days, has_chatapp_history.`,
      [{ path: field, message: 'must be an object' }],
    );
  }
  if (!Value.Check(SegmentFiltersSchema, value)) {
    const errors = describeErrors(Value.Errors(SegmentFiltersSchema, value)).map((e) => ({
      path: e.path === '(root)' ? field : `${field}.${e.path}`,
      message: e.message,
    }));
    throw invalidArguments(`Invalid ${field}: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`, errors);
  }
  const f = value as SegmentFiltersInput;
  return {
    tags: tagSet(f.tags),
    excludeTags: tagSet(f.exclude_tags),
    lastContactDays: f.last_contact_days ?? null,
    hasChatappHistory: f.has_chatapp_history ?? null,
  };
}

export const segmentPayload = (f: SegmentFilters) => ({
  tags: f.tags,
  exclude_tags: f.excludeTags,
  last_contact_days: f.lastContactDays,
  has_chatapp_history: f.hasChatappHistory,
});
