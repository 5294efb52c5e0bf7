import { defineGroup } from '../../core/index.js';
import type { VoiceConfig } from './config.js';

/** The define functions of voice. */
export const { defineTool, defineJob } = defineGroup<VoiceConfig>();
