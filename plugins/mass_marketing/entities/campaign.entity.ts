import { defineEntity, p, tenantColumn, type InferEntity } from '../../../core/index.js';
import { CAMPAIGN_STATUSES, MEDIA_TYPES, PAUSE_REASONS } from './values.js';
import type { SegmentFiltersInput } from '../services/audience/segment-filters.js';
import type { CampaignTemplate } from '../services/campaigns/campaign-template.js';

/**
 * A campaign: the message, its audience (a list and a segment), how it is sent (interval, lines,
 * translation, unsubscribe link, archiving) and when (now, at `scheduledAt`, or on a cron).
 * `sessionIds` null means every line enabled for mass marketing. The list is referenced by id
 * without a foreign key: deleting a list is refused while a campaign on it is scheduled or running,
 * and a finished campaign keeps its recipients and logs after its list is gone.
 * `waitingReason` makes a stalled campaign visible (no line connected); `pauseReason` says who
 * paused it (a person, or the engine when credits ran out).
 */
export const Campaign = defineEntity({
  name: 'Campaign',
  tableName: 'marketing_campaigns',
  properties: {
    id: p.integer().primary().autoincrement(),
    shopId: tenantColumn(),
    name: p.string().length(200),
    messageText: p.text(),
    listId: p.integer(),
    sendIntervalSeconds: p.integer(),
    translateByPrefix: p.boolean(),
    includeUnsubscribeLink: p.boolean(),
    archiveAfterSend: p.boolean(),
    sessionIds: p.json<number[]>().nullable(),
    scheduledAt: p.datetime().nullable(),
    segmentFilters: p.json<SegmentFiltersInput>(),
    mediaUrl: p.string().length(2048).nullable(),
    mediaType: p.enum([...MEDIA_TYPES]).nullable(),
    mediaFilename: p.string().length(255).nullable(),
    /** The storage group's file behind media_url, when it is one of this server's file links. */
    mediaFileId: p.integer().nullable(),
    /** The approved template sent instead of the text on lines whose network needs one (Cloud API numbers). */
    template: p.json<CampaignTemplate>().nullable(),
    isRecurring: p.boolean(),
    recurringCron: p.string().length(100).nullable(),
    nextRunAt: p.datetime().nullable(),
    status: p.enum([...CAMPAIGN_STATUSES]),
    approvalRequired: p.boolean().onCreate(() => false),
    approvalReason: p.string().length(200).nullable(),
    approvedAt: p.datetime().nullable(),
    pauseReason: p.enum([...PAUSE_REASONS]).nullable(),
    waitingReason: p.string().length(40).nullable(),
    waitingSince: p.datetime().nullable(),
    duplicatedFrom: p.integer().nullable(),
    startedAt: p.datetime().nullable(),
    completedAt: p.datetime().nullable(),
    cancelledAt: p.datetime().nullable(),
    archivedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ properties: ['status', 'scheduledAt'] }],
});

export type Campaign = InferEntity<typeof Campaign>;
