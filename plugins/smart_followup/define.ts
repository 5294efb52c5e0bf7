import { defineGroup } from '../../core/index.js';

/** The define functions of smart_followup. */
export const { defineTool, defineJob } = defineGroup();
