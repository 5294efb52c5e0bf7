import { defineGroup } from '../../core/index.js';

/** The define functions of ai_analysis. */
export const { defineTool, defineJob } = defineGroup();
