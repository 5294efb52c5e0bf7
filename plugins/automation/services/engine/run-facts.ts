import { DateTime } from 'luxon';
import { countryCallingCode, languageOfPhone, type Services } from '../../../../core/index.js';
import type { AttributeReader, AttributeValue } from '../definition/conditions.js';
import type { TriggerFacts } from '../../entities/workflow-run.entity.js';
import { isOpen } from './business-hours.js';

/** What conditions read about a run: the trigger's message, the customer, the time, the run's variables. */
export interface RunView {
  phone: string;
  sessionId: number | null;
  trigger: TriggerFacts;
  variables: Readonly<Record<string, string>>;
}

/** The reader of a run's condition attributes; each value is read when a condition first needs it. */
export function attributeReader(deps: Services, run: RunView, now: Date): AttributeReader {
  const local = () => DateTime.fromJSDate(now, { zone: deps.shop.timezone });
  return async (attribute): Promise<AttributeValue> => {
    if (attribute.startsWith('var.')) return run.variables[attribute.slice(4)] ?? null;
    switch (attribute) {
      case 'message.text':
        return run.trigger.text ?? null;
      case 'message.media_type':
        return run.trigger.media_type ?? null;
      case 'customer.tags':
        return customerTags(deps, run.phone);
      case 'customer.language':
        return languageOfPhone(run.phone);
      case 'customer.country_code':
        return countryCallingCode(run.phone) ?? null;
      case 'conversation.session_id':
        return run.sessionId;
      case 'time.business_hours':
        return isOpen(deps, now);
      case 'time.weekday':
        // luxon counts 1 Monday … 7 Sunday; weekdays here count 0 Sunday … 6 Saturday.
        return local().weekday % 7;
      case 'time.local_time':
        return local().toFormat('HH:mm');
      case 'ai.intent':
        return run.trigger.ai?.intent ?? run.variables.intent ?? null;
      case 'ai.topic':
      case 'ai.priority':
      case 'ai.sentiment':
        return run.trigger.ai?.[attribute.slice(3) as 'topic' | 'priority' | 'sentiment'] ?? null;
      default:
        return null;
    }
  };
}

async function customerTags(deps: Services, phone: string): Promise<string[]> {
  const rows = await deps.em.execute<{ name: string }[]>(
    `select t.name from customer_tags_view t join customers_view c on c.id = t.customer_id and c.shop_id = t.shop_id
     where c.shop_id = ? and c.phone = ?`,
    [deps.shop.id, phone],
  );
  return rows.map((r) => r.name);
}
