import { defineGroup } from '../../core/index.js';
import type { ActivityConfig } from './config.js';

/** The define functions of activity, typed with its config. */
export const { defineTool, defineJob } = defineGroup<ActivityConfig>();
