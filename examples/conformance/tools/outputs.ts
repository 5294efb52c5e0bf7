import { Type } from 'switchboard';

/** What every fixture tool returns beside its content blocks: a sentence. */
export const MessageResult = Type.Object({ message: Type.String() });
