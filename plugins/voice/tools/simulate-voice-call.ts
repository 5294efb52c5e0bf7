import { Type } from '../../../core/index.js';
import { defineTool } from '../define.js';
import { VOICE_LANGUAGES } from '../entities/values.js';
import { CallOutput, TranscriptOutput } from './outputs.js';

export const simulateVoiceCall = defineTool({
  name: 'simulate_voice_call',
  title: 'Simulate a voice call',
  description:
    'Sandbox only: a call whose caller says these lines, answered by the assistant as a real call (hand-over message included). Recorded as a sandbox call.',
  kind: 'mutation',
  hints: { readOnly: false, destructive: false, idempotent: false, openWorld: false },
  // The assistant may be a model: each turn writes in short transactions of its own around it.
  transactional: false,
  input: Type.Object({
    caller_phone: Type.String({ minLength: 3, maxLength: 30 }),
    utterances: Type.Array(Type.String({ minLength: 1, maxLength: 1_000 }), { minItems: 1, maxItems: 20 }),
    language: Type.Optional(Type.Union(VOICE_LANGUAGES.map((l) => Type.Literal(l)))),
  }),
  output: Type.Object({
    call: CallOutput,
    transcript: TranscriptOutput,
    sandbox: Type.Boolean(),
    notice: Type.String(),
  }),
  handler: async ({ caller_phone, utterances, language }, ctx) =>
    ctx.services.voiceSimulator.simulate(caller_phone, utterances, language, (work) => ctx.transaction(work)),
});
