import { defineGroup } from '../../core/index.js';
import type { StorageConfig } from './config.js';

/** The define functions of storage, typed with its config. */
export const { defineTool, defineJob } = defineGroup<StorageConfig>();
