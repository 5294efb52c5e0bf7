import { expect } from 'chai';
import { Type } from 'typebox';
import { Ajv } from 'ajv';
import { compactSchema, shareRepeatedShapes } from './compact-schema.js';

/** Holds the compacted schema to the original: the same verdict on every sample. */
function sameVerdicts(original: object, compacted: object, samples: unknown[]) {
  const ajv = new Ajv({ strict: false });
  const before = ajv.compile(original);
  const after = ajv.compile(compacted);
  for (const sample of samples) expect(after(sample), JSON.stringify(sample)).to.equal(before(sample));
}

const SAMPLES = [null, 0, 1, 2.5, -3, '', 'a', 'open', 'P1', true, false, [], ['a'], {}, { a: 1 }];

describe('compactSchema', () => {
  it('writes a nullable field as a type list, null joining its enum or const', () => {
    const cases = [
      Type.Union([Type.String({ minLength: 2 }), Type.Null()], { description: 'd' }),
      Type.Union([Type.Null(), Type.Integer({ minimum: 1 })]),
      Type.Union([Type.Union([Type.Literal('open'), Type.Literal('closed')]), Type.Null()]),
      Type.Union([Type.Literal('P1'), Type.Null()]),
      Type.Union([Type.Object({ a: Type.Integer() }), Type.Null()]),
    ];
    const compacted = cases.map((schema) => compactSchema(schema));
    expect(compacted[0]).to.deep.equal({ type: ['string', 'null'], minLength: 2, description: 'd' });
    expect(compacted[1]).to.deep.equal({ type: ['integer', 'null'], minimum: 1 });
    expect(compacted[2]).to.deep.equal({ type: ['string', 'null'], enum: ['open', 'closed', null] });
    expect(compacted[3]).to.deep.equal({ type: ['string', 'null'], enum: ['P1', null] });
    cases.forEach((schema, i) => sameVerdicts(schema, compacted[i]!, SAMPLES));
  });

  it('writes a union of literals as an enum, and leaves other unions as they are', () => {
    const literals = Type.Union([Type.Literal('a'), Type.Literal('open'), Type.Literal(1)], { default: 'a' });
    expect(compactSchema(literals)).to.deep.equal({ type: ['string', 'number'], enum: ['a', 'open', 1], default: 'a' });
    sameVerdicts(literals, compactSchema(literals), SAMPLES);
    const mixed = Type.Union([Type.Literal('owner'), Type.Integer({ minimum: 1 })]);
    expect(compactSchema(mixed)).to.deep.equal(JSON.parse(JSON.stringify(mixed)));
    // Two branches that each allow null are not a nullable field.
    const both = Type.Union([Type.Union([Type.String(), Type.Null()]), Type.Null()]);
    sameVerdicts(both, compactSchema(both), SAMPLES);
  });

  it('leaves out a pattern every name matches with any value: an open object says the same', () => {
    const free = Type.Object({ meta: Type.Record(Type.String(), Type.Unknown(), { description: 'd' }) });
    expect(compactSchema(free).properties.meta).to.deep.equal({ type: 'object', description: 'd' });
    const typed = Type.Record(Type.String(), Type.Integer());
    expect(compactSchema(typed)).to.deep.equal(JSON.parse(JSON.stringify(typed)));
    sameVerdicts(free, compactSchema(free), [...SAMPLES, { meta: { a: [1] } }, { meta: 1 }]);
  });

  it('opens nested objects and drops implied types only when asked (output schemas)', () => {
    const output = Type.Object(
      { success: Type.Literal(true), inner: Type.Object({ a: Type.Integer() }, { additionalProperties: false }) },
      { additionalProperties: false },
    );
    expect(compactSchema(output)).to.deep.equal(JSON.parse(JSON.stringify(output)));
    expect(compactSchema(output, { openObjects: true, impliedTypes: true })).to.deep.equal({
      type: 'object',
      required: ['success', 'inner'],
      properties: {
        success: { const: true },
        inner: { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
      },
      additionalProperties: false,
    });
  });
});

describe('shareRepeatedShapes', () => {
  it('writes a shape found more than once under $defs, named for the object whose fields it fills', () => {
    const rights = Type.Object({ view: Type.Boolean(), edit: Type.Boolean({ description: 'Implies view.' }) });
    const schema = Type.Object({
      permissions: Type.Object({ tickets: rights, customers: rights, crm: rights }),
      name: Type.String(),
    });
    const shared = shareRepeatedShapes(JSON.parse(JSON.stringify(schema)));
    expect(shared.$defs).to.deep.equal({ permissions_entry: JSON.parse(JSON.stringify(rights)) });
    expect(shared.properties.permissions.properties.crm).to.deep.equal({ $ref: '#/$defs/permissions_entry' });
    const value = { permissions: { tickets: { view: true, edit: false }, customers: { view: 1 }, crm: {} }, name: 'x' };
    sameVerdicts(schema, shared, [value, { ...value, permissions: { tickets: {}, customers: {}, crm: {} } }]);
  });

  it('leaves a schema without repeats as it is', () => {
    const schema = JSON.parse(JSON.stringify(Type.Object({ a: Type.String(), b: Type.Integer() })));
    expect(shareRepeatedShapes(schema)).to.deep.equal(schema);
  });
});
