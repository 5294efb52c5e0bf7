import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { sendContentHash } from './send-ledger.js';

/** The hash as keys already on record were written: JSON.stringify with every object's keys sorted. */
const recordedHash = (input: { to: string; text?: unknown; media?: unknown; template?: unknown }) =>
  createHash('sha256')
    .update(
      JSON.stringify([input.to, input.text ?? null, input.media ?? null, input.template ?? null], (_key, v: unknown) =>
        v && typeof v === 'object' && !Array.isArray(v)
          ? Object.fromEntries(
              Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
            )
          : v,
      ),
    )
    .digest('hex');

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

  it('is the hash keys on record were written with, for every kind of content', () => {
    const inputs = [
      { to: '+34600000001', text: 'Hola, ¿qué tal? "quoted" \\ \u2028 😀' },
      { to: '+34600000001', text: null, media: { type: 'image', link: 'https://x.test/a.png', caption: undefined } },
      { to: '+34600000001', media: { type: 'document', id: '123', filename: 'a.pdf', caption: 'Ñ' } },
      {
        to: '+34600000001',
        template: {
          name: 't',
          language: 'es',
          components: [
            { type: 'header', parameters: [{ type: 'image', image: { link: 'https://x.test/b.png' } }] },
            { type: 'body', parameters: [{ type: 'text', text: 'Ana' }, undefined, { type: 'text', text: '' }] },
            { type: 'button', sub_type: 'url', index: 0, parameters: [{ type: 'text', text: 'x' }] },
          ],
          at: new Date('2026-12-03T10:00:00Z'),
          n: 1.5,
          flag: false,
          z: { b: [1, null, { d: 1, c: 2 }], a: {} },
        },
      },
    ];
    for (const input of inputs)
      expect(sendContentHash(input as never), JSON.stringify(input)).to.equal(recordedHash(input));
  });
});
