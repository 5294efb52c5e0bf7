import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import { bootCalendar, caller, nextWeekday } from './helpers.js';

describe('calendar: merged customers keep their bookings', function () {
  this.timeout(60_000);
  let k: TestKernel;
  after(async () => {
    await k?.close();
  });

  it('customers.merged moves the secondary phone’s events to the primary phone, and no one else’s', async () => {
    k = await bootCalendar({}, { probe: true });
    const shop = await k.shops.create({ name: 'Merge salon', timezone: 'Europe/Madrid' });
    const c = caller(k, shop.token);
    await c.ok('create_calendar', { name: 'Main' });
    const day = nextWeekday(1);
    const event = async (phone: string, hour: string) =>
      (
        await c.ok('create_calendar_event', {
          action: 'create',
          title: `Visit ${hour}`,
          start_datetime: `${day} ${hour}:00:00`,
          phone,
        })
      ).event;
    const moved = await event('+34600700001', '10');
    const kept = await event('+34600700002', '11');
    await inShop(k, shop.shopId, ({ services }) =>
      services.events.emit('customers.merged', {
        primary_id: 1,
        secondary_id: 2,
        primary_phone: '+34600700009',
        secondary_phone: '+34600700001',
      }),
    );
    expect((await c.ok('get_calendar_event', { event_id: moved.id })).event.phone).to.equal('+34600700009');
    expect((await c.ok('get_calendar_event', { event_id: kept.id })).event.phone).to.equal('+34600700002');
  });
});
