import { Type } from 'switchboard';

/** What every fixture tool returns beside its content blocks: a sentence. */
export const MessageResult = Type.Object({ message: Type.String() });

/** What the fixtures share: read-only queries of no arguments that answer with a sentence. */
export const FIXTURE = {
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: MessageResult,
} as const;
