import { defineGroup } from '../../core/index.js';
import type { WidgetsConfig } from './config.js';

/** The define functions of plugins. */
export const { defineTool, defineJob } = defineGroup<WidgetsConfig>();
