import { invalidState } from '../../../core/index.js';
import { CAMPAIGN_STATUSES, type CampaignStatus } from './campaign-values.js';

/**
 * The state table: for each action, the statuses it is allowed from. Where it leads is decided by
 * the campaigns service (start may stop at pending_approval; approve leads to scheduled or running).
 */
export const ALLOWED_FROM: Record<string, readonly CampaignStatus[]> = {
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
};

export type CampaignAction = keyof typeof ALLOWED_FROM;

/** Refuses an action the table does not allow from the campaign's status: invalid_state naming both. */
export function assertAllowed(action: CampaignAction, campaign: { id: number; status: CampaignStatus }): void {
  const allowed = ALLOWED_FROM[action]!;
  if (allowed.includes(campaign.status)) return;
  throw invalidState(
    `Cannot ${action.replace('_', ' ')} campaign ${campaign.id}: it is ${campaign.status}; ${action} is allowed only when it is ${allowed.join(', ')}.`,
    {
      current_status: campaign.status,
      allowed: [...allowed],
      action,
    },
  );
}
