import { definePlugin } from '../../core/index.js';
import { Ticket } from './entities/ticket.entity.js';
import { TicketNote } from './entities/ticket-note.entity.js';
import { TicketFollowup } from './entities/ticket-followup.entity.js';
import { TicketsInit } from './migrations/0001-init.js';
import { TicketsReadViews } from './migrations/0002-read-views.js';
import { TicketsFollowupComposition } from './migrations/0003-followup-composition.js';
import { TicketsResolutionsView } from './migrations/0004-resolutions-view.js';
import { TicketsTenantIndexesCovered } from './migrations/0005-tenant-indexes-covered.js';
import { TicketsService } from './services/tickets-service.js';
import { FOLLOWUP_COMPOSER_PORT } from './services/followup-composer.js';
import { composeFollowups } from './jobs/compose-followups.js';
import { TicketResolutionsService } from './services/ticket-resolutions-service.js';
import { TicketLinksService } from './services/ticket-links-service.js';
import { createAiTicket } from './tools/create-ai-ticket.js';
import { addAiTicketNote } from './tools/add-ai-ticket-note.js';
import { addAiTicketAgentResolution } from './tools/add-ai-ticket-agent-resolution.js';
import { assignAiTicket } from './tools/assign-ai-ticket.js';
import { closeAiTicket } from './tools/close-ai-ticket.js';
import { listAiTickets } from './tools/list-ai-tickets.js';
import { getAiTicket } from './tools/get-ai-ticket.js';
import { updateAiTicket } from './tools/update-ai-ticket.js';
import { reopenAiTicket } from './tools/reopen-ai-ticket.js';
import { ticketsErrors } from './errors.js';
import { ticketTemplate } from './resources/ticket-template.js';
import { triageOpenTickets } from './prompts/triage-open-tickets.js';

/**
 * tickets: internal tickets about customers for agents and the assistant, with a timeline of
 * internal notes, P0-P3 priorities and a status machine (open → pending_notification → resolved;
 * closed is final). A resolution queues a customer follow-up in ticket_followups, which the
 * messaging group sends and reports back through `ticketResolutionsService.markFollowupSent`.
 */
export default definePlugin({
  name: 'tickets',
  version: '1.0.0',
  description:
    'Internal customer tickets: create (with dedupe), notes, assignment, resolution with a queued customer follow-up, close, reopen.',
  kernel: '^1.0.0',
  servicePrefix: 'ticket',
  dependencies: ['agents', 'customers'],
  /** The AI follow-up composer, from whichever group provides it (the prompt group). */
  ports: [FOLLOWUP_COMPOSER_PORT],
  entities: [Ticket, TicketNote, TicketFollowup],
  migrations: [
    { name: '0001-init', class: TicketsInit },
    { name: '0002-read-views', class: TicketsReadViews },
    { name: '0003-followup-composition', class: TicketsFollowupComposition },
    { name: '0004-resolutions-view', class: TicketsResolutionsView },
    { name: '0005-tenant-indexes-covered', class: TicketsTenantIndexesCovered },
  ],
  readViews: {
    tickets_view:
      'The tickets: shop_id, id, status, priority, category, assigned_agent_id, created_at, resolved_at, closed_at.',
    ticket_resolutions_view:
      'One row per resolution note: shop_id, id (the note), ticket_id, title, category, ticket_status, resolution (the text), created_at.',
  },
  services: {
    ticketsService: TicketsService,
    ticketResolutionsService: TicketResolutionsService,
    ticketLinksService: TicketLinksService,
  },
  errors: ticketsErrors,
  jobs: [composeFollowups],
  resourceTemplates: [ticketTemplate],
  prompts: [triageOpenTickets],
  tools: [
    createAiTicket,
    addAiTicketNote,
    addAiTicketAgentResolution,
    assignAiTicket,
    closeAiTicket,
    listAiTickets,
    getAiTicket,
    updateAiTicket,
    reopenAiTicket,
  ],
  setup: ({ provide, has }) => {
    provide('ticketsComposerRegistered', has(FOLLOWUP_COMPOSER_PORT));
  },
  on: {
    'customers.merged': (payload, { services }) => services.ticketLinksService.customersMerged(payload),
    'customers.deleted': (payload, { services }) => services.ticketLinksService.customerDeleted(payload),
    'agents.deleted': (payload, { services }) => services.ticketLinksService.agentDeleted(payload),
  },
});
