/**
 * Compile-time checks of the typed boundaries, run by `npm run typecheck`: each `@ts-expect-error`
 * fails the build if the line below it ever compiles, i.e. if the typing stops catching the mistake.
 */
import { definePlugin, type ScopedEvents, type Services } from '../../core/index.js';

export function emitsChecked(events: ScopedEvents): void {
  void events.emit('customers.merged', { primary_id: 1, secondary_id: 2, primary_phone: '+1', secondary_phone: '+2' });
  // @ts-expect-error an event no group declares
  void events.emit('customers.vanished', {});
  // @ts-expect-error a payload missing fields the event declares
  void events.emit('agents.deleted', {});
}

export const listenersChecked = definePlugin({
  name: 'typing_probe',
  version: '1.0.0',
  description: 'Never loaded: only compiled.',
  kernel: '^1.0.0',
  on: {
    'customers.merged': async (payload) => {
      // @ts-expect-error the payload is typed from customers' surface
      void payload.primary_name;
    },
  },
});

export async function servicesChecked(services: Services): Promise<void> {
  await services.customersService.getByPhone('+34600000000');
  // @ts-expect-error a service no group registers
  void services.ordersService;
}
