import { defineGroup } from '../../core/index.js';
import type { PromptConfig } from './config.js';

/** The define functions of prompt, typed with its config. */
export const { defineTool, defineJob } = defineGroup<PromptConfig>();
