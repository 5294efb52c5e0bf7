/** The crm group as other groups see it: its service and its events. Types only. */
import type { CrmCustomersService } from './services/crm-customers-service.js';
import type { CrmStage } from './services/crm-fields.js';
import type { CrmFieldDefinitionsService } from './services/field-definitions-service.js';

export type { CrmCustomersService, CrmStage, CrmFieldDefinitionsService };
export type { CrmFieldDefinition, FieldType } from './entities/crm-field-definition.entity.js';
export { FIELD_TYPES } from './entities/crm-field-definition.entity.js';
export { CRM_STAGES } from './services/crm-fields.js';

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
    /** Typed custom-field definitions of CRM records and the CSV export (the advanced group's tools use them). */
    crmFieldDefinitions: CrmFieldDefinitionsService;
  }
  interface EventMap {
    'crm.stage_changed': CrmStageChanged;
  }
}
