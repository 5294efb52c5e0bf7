import { defineGroup } from '../../core/index.js';
import type { AdvancedConfig } from './config.js';

/** The define functions of the advanced group, typed with its config. */
export const { defineTool, defineJob } = defineGroup<AdvancedConfig>();
