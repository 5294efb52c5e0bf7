import { stateTable } from '../../../../core/index.js';
import { CAMPAIGN_STATUSES } from '../../entities/values.js';

/**
 * The state table: for each action, the statuses it is allowed from. Where it leads is decided by
 * the campaigns service (start may stop at pending_approval; approve leads to scheduled or running).
 */
export const campaignTransitions = stateTable({
  record: 'Campaign',
  allowedFrom: {
    start: ['draft'],
    approve: ['pending_approval'],
    pause: ['running'],
    resume: ['paused'],
    cancel: ['draft', 'scheduled', 'pending_approval', 'running', 'paused'],
    cancel_schedule: ['scheduled'],
    archive: ['completed'],
    unarchive: ['archived'],
    update: ['draft'],
    delete: CAMPAIGN_STATUSES.filter((s) => s !== 'running'),
  },
  done: {
    start: 'started',
    approve: 'approved',
    pause: 'paused',
    resume: 'resumed',
    cancel: 'cancelled',
    cancel_schedule: 'taken off its schedule',
    archive: 'archived',
    unarchive: 'unarchived',
    update: 'updated',
    delete: 'deleted',
  },
});

/** What a campaign can be asked to do, each checked against the table. */
export type CampaignAction = keyof typeof campaignTransitions.allowedFrom;
