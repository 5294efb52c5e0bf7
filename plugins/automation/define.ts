import { defineGroup } from '../../core/index.js';
import type { AutomationConfig } from './config.js';

/** The define functions of automation. */
export const { defineTool, defineJob } = defineGroup<AutomationConfig>();
