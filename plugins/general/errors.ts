import { defineErrors } from '../../core/index.js';

/** general's tools fail only with the kernel's invalid_arguments (schema errors) and internal_error. */
export const generalErrors = defineErrors({});
