import { defineGroup } from '../../core/index.js';

/** The define functions of knowledge. */
export const { defineTool, defineJob } = defineGroup();
