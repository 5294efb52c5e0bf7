import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { StageSchema } from '../services/crm-fields.js';
import { CrmCustomerOutput, StageOutput } from './outputs.js';

export const moveCrmCustomerStage = defineTool({
  name: 'move_crm_customer_stage',
  title: 'Move CRM customer stage',
  description: 'Moves a CRM customer to another pipeline stage.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: true, idempotent: true, openWorld: false },
  input: Type.Object({ crm_customer_id: Type.Integer({ minimum: 1 }), stage: StageSchema }),
  output: Type.Object({ crm_customer: CrmCustomerOutput, previous_stage: StageOutput }),
  handler: async ({ crm_customer_id, stage }, { services }) => {
    const { crm, previous } = await services.crmCustomersService.moveStage(crm_customer_id, stage);
    return { crm_customer: services.crmCustomersService.toPayload(crm), previous_stage: previous };
  },
});
