import { defineGroup } from '../../core/index.js';
import type { TasksConfig } from './config.js';

/** The define functions of tasks, typed with its config. */
export const { defineTool, defineJob } = defineGroup<TasksConfig>();
