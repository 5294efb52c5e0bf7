import { defineGroup } from '../../core/index.js';
import type { CalendarConfig } from './config.js';

/** The define functions of the calendar group, typed with its config. */
export const { defineTool, defineJob } = defineGroup<CalendarConfig>();
