import type { IsolationFixture } from '../../../test/harness/isolation.js';

/** Shop A has a simulated call and a number; B aims every id and phone at them. */
const fixture: IsolationFixture = {
  groups: ['prompt', 'knowledge', 'customers', 'voice'],
  seed: async (callAsA) => {
    const phone = '+34655333777';
    const { call } = await callAsA('simulate_voice_call', {
      caller_phone: phone,
      utterances: ['Hello?', 'bye'],
      language: 'en',
    });
    const { number } = await callAsA('assign_voice_number', { phone_number: '+34910555777' });
    return { phone, callId: call.call_id, numberId: number.number_id };
  },
  probes: (seed) => [
    { tool: 'get_call', args: { call_id: seed.callId }, expect: 'not_found' },
    { tool: 'hand_off_call', args: { call_id: seed.callId }, expect: 'not_found' },
    { tool: 'delete_call_data', args: { call_id: seed.callId }, expect: 'not_found' },
    { tool: 'release_voice_number', args: { number_id: seed.numberId }, expect: 'not_found' },
    { tool: 'list_calls', args: { phone: seed.phone }, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'list_voice_numbers', args: {}, expect: 'empty', isEmpty: (p) => p.count === 0 },
    { tool: 'get_voice_stats', args: {}, expect: 'empty', isEmpty: (p) => p.calls === 0 },
  ],
  snapshot: async (callAsA, seed) => ({
    call: await callAsA('get_call', { call_id: seed.callId }),
    numbers: (await callAsA('list_voice_numbers', {})).numbers,
  }),
  exempt: {
    simulate_voice_call: 'makes a call of B’s own; the caller phone is the caller’s, not a record',
  },
};

export default fixture;
