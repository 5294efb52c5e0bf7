import { defineGroup, type UntypedServices } from '../../core/index.js';

/** The define functions of the conversations group, typed with the services its tools and jobs use. */
export const { defineTool, defineJob } = defineGroup<UntypedServices>();
