import { Type, type Static } from '../../core/index.js';

/**
 * sessionsPerIpPerHour: widget sessions one visitor address may open per hour, per shop (a
 * script re-opening sessions to reset its message limit hits this). aiAnswersPerShopPerDay: the
 * assistant's answers in all of a shop's widgets per day; past it, visitors are told a person
 * will reply (chat) or that the assistant is resting (document Q&A) — the shop's model spend has a
 * ceiling whatever a scraper does. Both are counted in the database, shared by every process. retentionDays:
 * conversations and their messages go after this long.
 */
export const WidgetsConfig = Type.Object(
  {
    sessionsPerIpPerHour: Type.Integer({ minimum: 1, maximum: 10_000, default: 10 }),
    aiAnswersPerShopPerDay: Type.Integer({ minimum: 0, maximum: 1_000_000, default: 2_000 }),
    retentionDays: Type.Integer({ minimum: 1, default: 180 }),
  },
  { additionalProperties: false, default: {} },
);
export type WidgetsConfig = Static<typeof WidgetsConfig>;
