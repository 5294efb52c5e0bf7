import { defineGroup } from '../../core/index.js';

/** The define functions of the tickets group, typed with its config. */
export const { defineTool, defineJob } = defineGroup();
