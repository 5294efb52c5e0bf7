import { Type, type Static } from '../../core/index.js';

export const SupportConfig = Type.Object(
  {
    /** A resolved ticket nobody answered is closed after this many days; a shop reply before reopens it. */
    closeResolvedAfterDays: Type.Integer({ minimum: 1, maximum: 365, default: 14 }),
    /** Failed tool calls the diagnostics list (from the activity group, when enabled). */
    diagnosticsFailedCalls: Type.Integer({ minimum: 0, maximum: 100, default: 20 }),
  },
  { additionalProperties: false, default: {} },
);

export type SupportConfig = Static<typeof SupportConfig>;
