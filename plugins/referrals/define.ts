import { defineGroup } from '../../core/index.js';
import type { ReferralsConfig } from './config.js';

/** The define functions of referrals, typed with its config. */
export const { defineTool, defineJob } = defineGroup<ReferralsConfig>();
