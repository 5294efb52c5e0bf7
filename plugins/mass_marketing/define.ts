import { defineGroup } from '../../core/index.js';
import type { MassMarketingConfig } from './config.js';

/** The define functions of the mass_marketing group, typed with its config. */
export const { defineTool, defineJob } = defineGroup<MassMarketingConfig>();
