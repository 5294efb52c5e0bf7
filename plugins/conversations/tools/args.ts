import { Type } from '../../../core/index.js';

/** Argument schemas the conversation tools share. */
export const phoneArg = Type.String({
  minLength: 1,
  maxLength: 40,
  description: "The customer's phone with its international prefix (E.164, e.g. +34600111222).",
});

export const sessionIdArg = (description: string) => Type.Integer({ minimum: 1, description });

export const ADDRESSING =
  "The customer's conversation on one line of the shop (session_id), or, without session_id, the customer's conversations on every line.";
