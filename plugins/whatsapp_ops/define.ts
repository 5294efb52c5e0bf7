import { defineGroup } from '../../core/index.js';
import type { WhatsappOpsConfig } from './config.js';

/** The define functions of the whatsapp_ops group, typed with its config. */
export const { defineTool, defineJob } = defineGroup<WhatsappOpsConfig>();
