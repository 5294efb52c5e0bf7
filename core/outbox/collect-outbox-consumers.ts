import { KernelError } from '../errors/kernel-error.js';
import type { LoadedPlugin } from '../plugin/load-plugins.js';
import type { OutboxConsumer } from './outbox-map.js';
import type { RegisteredConsumer } from './outbox-relay.js';

/**
 * The enabled groups' outbox consumers by topic, each with its retry schedule resolved against
 * its group's config. A topic is `<group>.<noun>` of the group that delivers it, so two groups
 * can never claim one topic.
 */
export function collectOutboxConsumers(
  plugins: readonly Pick<LoadedPlugin, 'plugin' | 'config'>[],
  defaultScheduleMs: readonly number[],
): Map<string, RegisteredConsumer> {
  const consumers = new Map<string, RegisteredConsumer>();
  for (const { plugin, config } of plugins) {
    for (const [topic, consumer] of Object.entries(plugin.outbox ?? {}) as [string, OutboxConsumer][]) {
      if (!topic.startsWith(`${plugin.name}.`) || topic.length === plugin.name.length + 1)
        throw new KernelError(
          'KRN_ERR_GROUP_INVALID',
          `group "${plugin.name}" delivers outbox topic "${topic}", which is not named <group>.<noun> after it`,
          { group: plugin.name, topic, owner: topic.split('.')[0] },
        );
      const schedule =
        typeof consumer.retryScheduleMs === 'function'
          ? consumer.retryScheduleMs(config)
          : (consumer.retryScheduleMs ?? defaultScheduleMs);
      consumers.set(topic, { group: plugin.name, consumer, schedule });
    }
  }
  return consumers;
}
