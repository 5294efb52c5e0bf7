/** The crm group as other groups see it: its service and its events. Types only. */
import type { CrmCustomersService } from './services/crm-customers-service.js';
import type { CrmStage } from './services/crm-fields.js';

export type { CrmCustomersService, CrmStage };

/** Fired when a CRM contact moves to another pipeline stage. */
export interface CrmStageChanged {
  crm_customer_id: number;
  /** null once the customer record was deleted. */
  customer_id: number | null;
  whatsapp_number: string;
  stage: CrmStage;
  previous_stage: CrmStage;
  /** ISO 8601. */
  changed_at: string;
}

declare module '../../core/index.js' {
  interface GroupServices {
    crmCustomersService: CrmCustomersService;
  }
  interface EventMap {
    'crm.stage_changed': CrmStageChanged;
  }
}
