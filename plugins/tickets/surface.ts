/** The tickets group as other groups see it: its services and its events. Types only. */
import type { TicketsService } from './services/tickets-service.js';
import type { TicketResolutionsService } from './services/ticket-resolutions-service.js';
import type { TicketLinksService } from './services/ticket-links-service.js';
import type { TicketPriority } from './entities/ticket.entity.js';
import type { TicketNoteKind } from './entities/ticket-note.entity.js';
import type { FollowupComposerPort, FollowupCompositionRequest } from './services/followup-composer.js';

export { TICKET_PRIORITIES } from './entities/ticket.entity.js';

export type {
  TicketsService,
  TicketResolutionsService,
  TicketLinksService,
  TicketPriority,
  FollowupComposerPort,
  FollowupCompositionRequest,
};

/** Fired when a new ticket is opened (not when a report is deduped onto an open one). */
export interface TicketsCreated {
  ticket_id: number;
  title: string;
  priority: TicketPriority;
  phone: string | null;
  customer_email: string | null;
}

/** Fired when a ticket's agent changes, also to none when its agent is deleted. */
export interface TicketsAssigned {
  ticket_id: number;
  /** null: unassigned. */
  agent_id: number | null;
  previous_agent_id: number | null;
}

/** Fired when a ticket becomes resolved: at once, or when its follow-up was sent (resolve after notify). */
export interface TicketsResolved {
  ticket_id: number;
  phone: string | null;
  /** ISO 8601. */
  resolved_at: string;
}

/** Fired when a ticket is closed (final). */
export interface TicketsClosed {
  ticket_id: number;
  reason: string | null;
}

/**
 * Fired when an entry is added to an existing ticket's timeline: a note, a report folded into it
 * (create_ai_ticket with dedupe_customer), a resolution, a closing reason. The message a ticket is
 * opened with comes with tickets.created.
 */
export interface TicketsNoted {
  ticket_id: number;
  note_id: number;
  kind: TicketNoteKind;
}

/** Fired when update_ai_ticket changes a ticket's fields (not when every value given was already there). */
export interface TicketsUpdated {
  ticket_id: number;
  /** The fields whose value changed. */
  fields: ('title' | 'description' | 'priority' | 'category')[];
  priority: TicketPriority;
}

/** Fired when a ticket, resolved or waiting for its follow-up, is reopened. */
export interface TicketsReopened {
  ticket_id: number;
}

/** Fired when the messaging group reports a ticket's queued follow-up as sent or as not deliverable. */
export interface TicketsFollowupSettled {
  ticket_id: number;
  followup_id: number;
  status: 'sent' | 'failed';
}

declare module '../../core/index.js' {
  interface GroupServices {
    ticketsService: TicketsService;
    ticketResolutionsService: TicketResolutionsService;
    ticketLinksService: TicketLinksService;
    /** Provided at setup: whether some group registered the composer port. */
    ticketsComposerRegistered: boolean;
    /** A port tickets defines: a group that composes follow-ups registers it under this name. */
    followupComposerPort?: FollowupComposerPort;
  }
  interface EventMap {
    'tickets.created': TicketsCreated;
    'tickets.assigned': TicketsAssigned;
    'tickets.resolved': TicketsResolved;
    'tickets.closed': TicketsClosed;
    'tickets.noted': TicketsNoted;
    'tickets.updated': TicketsUpdated;
    'tickets.reopened': TicketsReopened;
    'tickets.followup_settled': TicketsFollowupSettled;
  }
}
