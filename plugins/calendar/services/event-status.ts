import { stateTable } from '../../../core/index.js';

/** Which statuses each action starts from. Final: cancelled, rejected, completed, no_show. */
export const eventStatus = stateTable({
  record: 'Event',
  allowedFrom: {
    reschedule: ['pending', 'confirmed'],
    confirm: ['pending'],
    cancel: ['pending', 'confirmed'],
    attendance: ['confirmed'],
    update: ['pending', 'confirmed'],
  },
  done: {
    reschedule: 'rescheduled',
    confirm: 'confirmed',
    cancel: 'cancelled',
    attendance: 'marked attended or no-show',
    update: 'changed',
  },
  final: ['cancelled', 'rejected', 'completed', 'no_show'],
});
