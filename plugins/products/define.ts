import { defineGroup } from '../../core/index.js';
import type { ProductsConfig } from './config.js';

/** The define functions of the products group, typed with its config. */
export const { defineTool, defineJob } = defineGroup<ProductsConfig>();
