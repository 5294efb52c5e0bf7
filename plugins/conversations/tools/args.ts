import { Type } from '../../../core/index.js';

/** Argument schemas the conversation tools share. */
export const phoneArg = Type.String({ minLength: 1, maxLength: 40 });

export const sessionIdArg = (description: string) => Type.Integer({ minimum: 1, description });
