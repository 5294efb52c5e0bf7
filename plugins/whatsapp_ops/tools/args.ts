import { Type } from '../../../core/index.js';
import {
  BILLING_SOURCES,
  DIRECTIONS,
  MESSAGE_STATUSES,
  ROUTING_ROLES,
  SCHEDULED_STATUSES,
  SESSION_STATUSES,
} from '../entities/values.js';
import { MAX_TEXT_LENGTH } from '../sandbox/message-content.js';

/** Argument schemas the whatsapp_ops tools share. */
/** A customer's phone: its name and the initialize instructions (E.164) say what it is, unless a tool says more. */
export const phoneArg = (description?: string) =>
  Type.String({ minLength: 1, maxLength: 40, ...(description !== undefined && { description }) });

export const sessionIdArg = (description: string) => Type.Integer({ minimum: 1, description });

export const routingRolesArg = (description: string) =>
  Type.Array(Type.Enum(ROUTING_ROLES), { minItems: 1, maxItems: ROUTING_ROLES.length, uniqueItems: true, description });

export const senderRoleArg = (description: string) => Type.Enum(ROUTING_ROLES, { description });

export const billingSourceArg = (description: string) => Type.Enum(BILLING_SOURCES, { description });

export const messageTextArg = (description?: string) =>
  Type.String({ minLength: 1, maxLength: MAX_TEXT_LENGTH, ...(description !== undefined && { description }) });

export const sessionStatusArg = (description?: string) =>
  Type.Enum(SESSION_STATUSES, { ...(description !== undefined && { description }) });
export const directionArg = (description?: string) =>
  Type.Enum(DIRECTIONS, { ...(description !== undefined && { description }) });
export const messageStatusArg = (description: string) => Type.Enum(MESSAGE_STATUSES, { description });
export const scheduledStatusArg = (description?: string) =>
  Type.Enum(SCHEDULED_STATUSES, { ...(description !== undefined && { description }) });
