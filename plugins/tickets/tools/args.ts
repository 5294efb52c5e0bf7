import { Type } from '../../../core/index.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../entities/ticket.entity.js';

/** Argument schemas the ticket tools share. */
export const ticketIdArg = Type.Integer({ minimum: 1 });

export const priorityArg = (description?: string) =>
  Type.Enum(TICKET_PRIORITIES, { ...(description !== undefined && { description }) });

export const statusArg = (description?: string) =>
  Type.Enum(TICKET_STATUSES, { ...(description !== undefined && { description }) });

export const titleArg = Type.String({ minLength: 1, maxLength: 200, description: 'Short internal subject.' });
export const descriptionArg = Type.String({ minLength: 1, maxLength: 10000, description: 'Internal description.' });
export const categoryArg = Type.String({
  minLength: 1,
  maxLength: 100,
  description: 'Internal category, free text (e.g. "shipping").',
});
export const internalTextArg = (description: string) => Type.String({ minLength: 1, maxLength: 10000, description });
