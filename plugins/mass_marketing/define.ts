import { defineGroup, type UntypedServices } from '../../core/index.js';
import type { MassMarketingConfig } from './config.js';

/** The define functions of the mass_marketing group, typed with the services its tools and jobs use. */
export const { defineTool, defineJob } = defineGroup<UntypedServices, MassMarketingConfig>();
