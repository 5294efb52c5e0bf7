import { defineGroup } from '../../core/index.js';
import type { IntegrationsConfig } from './config.js';

/** The define functions of the integrations group, typed with its config. */
export const { defineTool, defineJob } = defineGroup<IntegrationsConfig>();
