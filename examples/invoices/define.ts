import { defineGroup, type UntypedServices } from 'switchboard';
import type { InvoicesConfig } from './config.js';

/** The define functions of the invoices group, typed with the services its tools and jobs use. */
export const { defineTool, defineJob } = defineGroup<UntypedServices, InvoicesConfig>();
