import { invalidState } from '../../../core/index.js';
import type { EventStatus } from '../entities/values.js';

/** Which statuses each action starts from. Final: cancelled, rejected, completed, no_show. */
const ALLOWED_FROM = {
  reschedule: ['pending', 'confirmed'],
  confirm: ['pending'],
  cancel: ['pending', 'confirmed'],
  attendance: ['confirmed'],
  update: ['pending', 'confirmed'],
} satisfies Record<string, EventStatus[]>;

export type EventAction = keyof typeof ALLOWED_FROM;

const DONE: Record<EventAction, string> = {
  reschedule: 'rescheduled',
  confirm: 'confirmed',
  cancel: 'cancelled',
  attendance: 'marked attended or no-show',
  update: 'changed',
};

export function assertCan(action: EventAction, status: EventStatus): void {
  const allowed: EventStatus[] = ALLOWED_FROM[action];
  if (!allowed.includes(status))
    throw invalidState(`An event that is ${status} cannot be ${DONE[action]}.`, {
      current_status: status,
      allowed,
    });
}
