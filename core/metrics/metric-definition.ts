import type { EntityManager } from '@mikro-orm/postgresql';

export type MetricLabels = Record<string, string | number>;

/** A counter a group increments through the `metrics` service. */
export interface CounterDefinition {
  type: 'counter';
  /** `switchboard_…_total`, unique across groups. */
  name: string;
  help: string;
  labelNames?: readonly string[];
}

export interface GaugeSample {
  value: number;
  labels?: MetricLabels;
}

/**
 * A gauge read from the database when /metrics is scraped (queue depths, backlogs). `read` gets a
 * fork of the root EntityManager, with no shop: it must aggregate across shops and return ids at
 * most as labels, never shop data.
 */
export interface GaugeDefinition {
  type: 'gauge';
  name: string;
  help: string;
  labelNames?: readonly string[];
  read: (em: EntityManager) => Promise<GaugeSample[]>;
}

export type MetricDefinition = CounterDefinition | GaugeDefinition;

/** What groups resolve as `metrics`: the counters their manifests declare. */
export interface GroupMetrics {
  /** Adds `by` (default 1) to a declared counter; an undeclared name is a programming error. */
  count(name: string, labels?: MetricLabels, by?: number): void;
}
