import { expect } from 'chai';
import { sendContentHash } from './send-ledger.js';

describe('send ledger: content hash', () => {
  it('is the same for a template whose stored copy came back with its keys reordered (jsonb)', () => {
    const sent = {
      to: '+34600000001',
      template: {
        name: 'order_update',
        language: 'es_ES',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
      },
    };
    const stored = {
      to: '+34600000001',
      template: {
        components: [{ parameters: [{ text: 'Ana', type: 'text' }], type: 'body' }],
        language: 'es_ES',
        name: 'order_update',
      },
    };
    expect(sendContentHash(stored as never)).to.equal(sendContentHash(sent as never));
    expect(sendContentHash({ ...sent, to: '+34600000002' } as never)).to.not.equal(sendContentHash(sent as never));
  });
});
