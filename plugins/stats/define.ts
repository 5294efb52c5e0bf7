import { defineGroup } from '../../core/index.js';
import type { StatsConfig } from './config.js';

/** The define functions of stats, typed with its config. */
export const { defineTool, defineJob } = defineGroup<StatsConfig>();
