import { defineEntity, p, type InferEntity } from '../../../core/index.js';
import { NOTICE_KINDS } from './values.js';

/**
 * A notice of the installation's operator to every shop (maintenance, incident, information).
 * Not a shop's record: no shop_id; only the operator's CLI writes it.
 */
export const PlatformNotice = defineEntity({
  name: 'PlatformNotice',
  tableName: 'platform_notices',
  properties: {
    id: p.integer().primary().autoincrement(),
    kind: p.enum(NOTICE_KINDS),
    title: p.string().length(200),
    body: p.text().nullable(),
    startsAt: p.datetime(),
    endsAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
});
export type PlatformNotice = InferEntity<typeof PlatformNotice>;
