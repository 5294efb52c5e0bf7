import { defineGroup } from 'switchboard';
import type { InvoicesConfig } from './config.js';

/** The define functions of the invoices group, typed with its config. */
export const { defineTool, defineJob } = defineGroup<InvoicesConfig>();
