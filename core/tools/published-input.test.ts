import { expect } from 'chai';
import { Type } from 'typebox';
import { Ajv } from 'ajv';
import { DateArg, DateTimeArg, RangeBoundArg, TimeOfDayArg } from '../util/date-args.js';
import { NoEffectArg } from '../util/no-effect-arg.js';
import { boundIntegers } from './bound-integers.js';
import { publishedInput } from './published-input.js';

const INPUT = Type.Object(
  {
    ticket_id: boundIntegers(Type.Integer({ minimum: 1, description: 'The ticket id.' })),
    limit: boundIntegers(Type.Integer({ minimum: 1, maximum: 100, default: 20, description: 'Page size.' })),
    offset: boundIntegers(Type.Integer({ minimum: 0, default: 0, description: 'Records to skip.' })),
    name: Type.String({ minLength: 1, maxLength: 100, description: 'The name.' }),
    body: Type.String({ minLength: 1, maxLength: 4096 }),
    code: Type.String({ minLength: 3, maxLength: 3 }),
    email: Type.String({ format: 'email', maxLength: 254 }),
    api_key: Type.String({ minLength: 8, maxLength: 200, secret: true }),
    url: Type.String({ maxLength: 2048 }),
    document: Type.String({ minLength: 1, maxLength: 2_000_000 }),
    since: Type.Optional(RangeBoundArg('From this time, or from the start of this day.')),
    at: Type.Optional(DateTimeArg()),
    day: Type.Optional(DateArg('The day.')),
    opens: Type.Optional(TimeOfDayArg('Opens, HH:MM.')),
    lines: Type.Array(Type.Object({ phone: Type.String({ minLength: 1, maxLength: 40 }) }), { minItems: 1 }),
    kind: Type.Enum(['note', 'call']),
    rating: Type.Enum([1, 2, 3]),
    rights: Type.Optional(
      Type.Object(
        {
          tickets: Type.Optional(Type.Boolean()),
          crm: Type.Optional(Type.Boolean()),
          stats: Type.Optional(Type.Boolean()),
        },
        { additionalProperties: false, description: 'Access by section.' },
      ),
    ),
    keywords: Type.Optional(
      Type.Object({
        a: Type.Optional(Type.String()),
        b: Type.Optional(Type.String()),
        c: Type.Optional(Type.String()),
      }),
    ),
    query: NoEffectArg(Type.String()),
  },
  { additionalProperties: false },
);

const CALL = {
  ticket_id: 7,
  limit: 20,
  offset: 0,
  name: 'Ana',
  body: 'Hello',
  code: 'EUR',
  email: 'ana@example.com',
  api_key: 'k'.repeat(20),
  url: 'https://shop.example/a',
  document: '# Returns',
  since: '2026-12-01',
  at: '2026-12-01 09:30',
  day: '2026-12-02',
  opens: '09:00',
  lines: [{ phone: '+34600111222' }],
  kind: 'note',
  rating: 2,
  rights: { tickets: true, stats: false },
  keywords: { a: 'x', z: 'y' },
};

describe('publishedInput', () => {
  const published = publishedInput(JSON.parse(JSON.stringify(INPUT))) as {
    properties: Record<string, Record<string, unknown>>;
    additionalProperties?: unknown;
  };
  const p = published.properties;

  it('leaves out the bounds only the server needs, keeping those that tell a model something', () => {
    expect(p.ticket_id).to.deep.equal({ type: 'integer', description: 'The ticket id.' });
    expect(p.limit).to.deep.equal({
      type: 'integer',
      minimum: 1,
      maximum: 100,
      default: 20,
      description: 'Page size.',
    });
    expect(p.offset).to.deep.equal({ type: 'integer', default: 0, description: 'Records to skip.' });
    expect(p.name).to.deep.equal({ type: 'string', description: 'The name.' });
    expect(p.body).to.deep.equal({ type: 'string', maxLength: 4096 });
    expect(p.code).to.deep.equal({ type: 'string' });
    expect(p.email).to.deep.equal({ type: 'string', format: 'email' });
    expect(p.api_key).to.deep.equal({ type: 'string' });
    // A length only a URL or a whole document reaches guards the server, not a draft.
    expect(p.url).to.deep.equal({ type: 'string' });
    expect(p.document).to.deep.equal({ type: 'string' });
  });

  it('shows the shared date and time types as a format or their notation, once', () => {
    expect(p.since).to.deep.equal({
      type: 'string',
      description: 'From this time, or from the start of this day. ISO 8601 date or date-time.',
    });
    expect(p.at).to.deep.equal({ type: 'string', description: 'ISO 8601 date-time.' });
    expect(p.day).to.deep.equal({ type: 'string', format: 'date', description: 'The day.' });
    expect(p.opens).to.deep.equal({ type: 'string', description: 'Opens, HH:MM.' });
  });

  it('gives an enum of strings or of numbers its type, which some providers require', () => {
    expect(p.kind).to.deep.equal({ type: 'string', enum: ['note', 'call'] });
    expect(p.rating).to.deep.equal({ type: 'number', enum: [1, 2, 3] });
  });

  it('keeps the root closed and opens the objects below it', () => {
    expect(published.additionalProperties).to.equal(false);
    expect(p.lines).to.deep.equal({
      type: 'array',
      items: { type: 'object', required: ['phone'], properties: { phone: { type: 'string' } } },
      minItems: 1,
    });
  });

  it('names the properties of a closed object of one shape and gives the shape once', () => {
    expect(p.rights).to.deep.equal({
      type: 'object',
      description: 'Access by section.',
      propertyNames: { type: 'string', enum: ['tickets', 'crm', 'stats'] },
      additionalProperties: { type: 'boolean' },
    });
    // Open, it takes other names too: listing its own would refuse them.
    expect(p.keywords).to.have.property('properties');
    expect(published).to.have.property('properties');
  });

  it('leaves out an argument the tool takes without reading it, which the full schema still takes', () => {
    expect(published.properties).to.not.have.property('query');
    const ajv = new Ajv({ strict: false, validateFormats: false });
    expect(ajv.validate(INPUT, { ...CALL, query: 'anything' }), JSON.stringify(ajv.errors)).to.equal(true);
  });

  it('accepts every call the full schema accepts', () => {
    // Formats are the client's to assert or not; a date in the calls below is a real one either way.
    const ajv = new Ajv({ strict: false, validateFormats: false });
    const full = ajv.compile(INPUT);
    const lean = ajv.compile(published);
    const calls = [
      CALL,
      { ...CALL, since: '2026-12-01T09:30:00+01:00', at: '2026-12-01T09:30Z' },
      { ...CALL, lines: [{ phone: '+34600111222' }, { phone: '+34600111333' }] },
      { ...CALL, rights: {} },
    ];
    for (const call of calls) {
      expect(full(call), JSON.stringify(full.errors)).to.equal(true);
      expect(lean(call), JSON.stringify(lean.errors)).to.equal(true);
    }
    // A folded object still refuses what the full schema refuses.
    for (const rights of [{ agents: true }, { crm: 'yes' }]) {
      expect(full({ ...CALL, rights })).to.equal(false);
      expect(lean({ ...CALL, rights })).to.equal(false);
    }
  });
});
