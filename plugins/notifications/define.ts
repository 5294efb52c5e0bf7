import { defineGroup } from '../../core/index.js';
import type { NotificationsConfig } from './config.js';

/** The define functions of notifications, typed with its config. */
export const { defineTool, defineJob } = defineGroup<NotificationsConfig>();
