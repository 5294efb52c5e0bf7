/**
 * The customers group as other groups see it: its services and its events. Types only; another
 * group imports customers' types from this file and nowhere else.
 */
import type { ContactNamesPort, CustomersService } from './services/customers-service.js';
import type { CustomerCommentsService } from './services/customer-comments-service.js';
import type { CustomerTagsService } from './services/customer-tags-service.js';
import type { CustomerMergeService } from './services/customer-merge-service.js';

export type { ContactNamesPort, CustomersService, CustomerCommentsService, CustomerTagsService, CustomerMergeService };

/** Fired when a customer's last contact moves forward (a message in or out). */
export interface CustomersContacted {
  customer_id: number;
  phone: string;
  /** ISO 8601. */
  last_contact_at: string;
}

/** Fired when a tag is newly put on a customer. */
export interface CustomersTagged {
  customer_id: number;
  phone: string;
  tag_name: string;
}

/** Fired when a tag is taken off a customer. */
export type CustomersUntagged = CustomersTagged;

/**
 * Fired by merge_customers before the secondary customer is deleted: listeners move what points at
 * the secondary onto the primary, in the same transaction.
 */
export interface CustomersMerged {
  primary_id: number;
  secondary_id: number;
  primary_phone: string;
  secondary_phone: string;
}

/** Fired before a customer is deleted: listeners drop or detach what points at it. */
export interface CustomersDeleted {
  customer_id: number;
  phone: string;
}

declare module '../../core/index.js' {
  interface GroupServices {
    customersService: CustomersService;
    customerCommentsService: CustomerCommentsService;
    customerTagsService: CustomerTagsService;
    customerMergeService: CustomerMergeService;
    /** Provided at setup: whether some group registered the contact names port. */
    customersNamesRegistered: boolean;
    /** A port customers defines: a group that knows names for phones registers it under this name. */
    contactNamesPort?: ContactNamesPort;
  }
  interface EventMap {
    'customers.contacted': CustomersContacted;
    'customers.tagged': CustomersTagged;
    'customers.untagged': CustomersUntagged;
    'customers.merged': CustomersMerged;
    'customers.deleted': CustomersDeleted;
  }
}
