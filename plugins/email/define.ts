import { defineGroup } from '../../core/index.js';
import type { EmailConfig } from './config.js';

/** The define functions of the email group, typed with its config. */
export const { defineTool, defineJob } = defineGroup<EmailConfig>();
