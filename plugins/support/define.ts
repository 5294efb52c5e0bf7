import { defineGroup } from '../../core/index.js';
import type { SupportConfig } from './config.js';

/** The define functions of support, typed with its config. */
export const { defineTool, defineJob } = defineGroup<SupportConfig>();
