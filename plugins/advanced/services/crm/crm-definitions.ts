import { groupNotEnabled, type Services } from '../../../../core/index.js';
import type { CrmFieldDefinition } from '../../../crm/surface.js';

/** The crm group's definitions service, or group_not_enabled on a server without it. */
export function crmDefinitions(services: Services) {
  if (!services.kernelCatalog.names().includes('crm'))
    throw groupNotEnabled('crm', 'CRM field definitions need the crm group, which is not enabled on this server.');
  return services.crmFieldDefinitions;
}

export function definitionPayload(def: CrmFieldDefinition) {
  return {
    id: def.id,
    key: def.key,
    label: def.label,
    type: def.type,
    options: def.options,
    required: def.required,
    description: def.description ?? null,
    show_to_ai: def.showToAi,
    created_at: def.createdAt.toISOString(),
    updated_at: def.updatedAt.toISOString(),
  };
}
