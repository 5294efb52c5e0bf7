import { defineGroup, type UntypedServices } from '../../core/index.js';
import type { WhatsappOpsConfig } from './config.js';

/** The define functions of the whatsapp_ops group, typed with the services its tools and jobs use. */
export const { defineTool, defineJob } = defineGroup<UntypedServices, WhatsappOpsConfig>();
