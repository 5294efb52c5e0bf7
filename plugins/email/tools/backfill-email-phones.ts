import { Nullable, Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { BACKFILL_BATCH } from '../services/threads/phones-service.js';

export const backfillEmailPhones = defineTool({
  name: 'backfill_email_phones',
  title: 'Backfill email phones',
  description: `Links up to ${BACKFILL_BATCH} threads without a phone to one, from the sender address (known links, then CRM, then customers); an address with several phones stays ambiguous. Call again until remaining is 0.`,
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  action: 'backfill_phones',
  input: Type.Object({}),
  output: Type.Object({
    processed: Type.Integer(),
    resolved: Type.Integer(),
    unresolved: Type.Integer(),
    remaining: Type.Integer(),
    results: Type.Array(
      Type.Object(
        {
          thread_id: Type.Integer(),
          email: Type.String(),
          phone: Nullable(Type.String()),
          source: Type.String({ description: 'cache, manual, crm, customers; or not_found, ambiguous' }),
        },
        { additionalProperties: false },
      ),
    ),
  }),
  handler: async (_args, { services }) => ({ ...(await services.emailPhonesService.backfill()) }),
});
