import { expect } from 'chai';
import { Type, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { describeErrors } from '../config/schema-errors.js';
import { type ToolError } from '../errors/tool-error.js';
import {
  DATE_MESSAGE,
  DATE_TIME_MESSAGE,
  DateArg,
  DateTimeArg,
  RANGE_BOUND_MESSAGE,
  RangeBoundArg,
  TIME_OF_DAY_MESSAGE,
  TimeOfDayArg,
} from './date-args.js';
import { parseLocalDate, parseShopDay, parseShopTime } from './shop-time.js';

const errorsOf = (schema: TSchema, value: unknown) => describeErrors(Compile(schema).Errors(value));

describe('the date vocabulary of tool arguments', () => {
  const args = Type.Object({
    at: Type.Optional(DateTimeArg()),
    date_from: Type.Optional(RangeBoundArg()),
    day: Type.Optional(DateArg()),
    opens: Type.Optional(TimeOfDayArg()),
  });

  it('takes a date and time with a space or T, with or without seconds and offset', () => {
    for (const at of [
      '2026-12-01 09:30:00',
      '2026-12-01 09:30',
      '2026-12-01T09:30',
      '2026-12-01T09:30:00Z',
      '2026-12-01T09:30:00.250+01:00',
      '2026-12-01T09:30:00-0500',
    ])
      expect(errorsOf(args, { at }), at).to.deep.equal([]);
  });

  it('refuses anything else with the one message that says what to send', () => {
    for (const at of ['2026-12-01', '02/12/2026 09:30', 'tomorrow', '2026-12-01 9:30'])
      expect(errorsOf(args, { at }), at).to.deep.equal([{ path: 'at', message: DATE_TIME_MESSAGE }]);
  });

  it('takes a bare date or a date and time as a range bound', () => {
    for (const date_from of ['2026-12-01', '2026-12-01 00:00:00', '2026-12-01T00:00:00Z'])
      expect(errorsOf(args, { date_from }), date_from).to.deep.equal([]);
    expect(errorsOf(args, { date_from: '01/12/2026' })).to.deep.equal([
      { path: 'date_from', message: RANGE_BOUND_MESSAGE },
    ]);
  });

  it('takes only a date where a date is asked for, and says so', () => {
    expect(errorsOf(args, { day: '2026-12-02' })).to.deep.equal([]);
    for (const day of ['02/12/2026', '2026-12-02 10:00:00'])
      expect(errorsOf(args, { day }), day).to.deep.equal([{ path: 'day', message: DATE_MESSAGE }]);
    expect(DATE_MESSAGE)
      .to.match(/YYYY-MM-DD/)
      .and.not.match(/HH/);
  });

  it('takes a time of day as HH:MM', () => {
    expect(errorsOf(args, { opens: '09:30' })).to.deep.equal([]);
    expect(errorsOf(args, { opens: '9:30' })).to.deep.equal([{ path: 'opens', message: TIME_OF_DAY_MESSAGE }]);
  });

  it('reads a bare date bound as the first or the last moment of that day in the shop timezone', () => {
    expect(parseShopDay('2026-12-01', 'Europe/Madrid', 'date_from', 'start').toISOString()).to.equal(
      '2026-11-30T23:00:00.000Z',
    );
    expect(parseShopDay('2026-12-01', 'Europe/Madrid', 'date_to', 'end').toISOString()).to.equal(
      '2026-12-01T22:59:59.999Z',
    );
    expect(parseShopDay('2026-12-01 10:00', 'Europe/Madrid', 'date_to', 'end').toISOString()).to.equal(
      '2026-12-01T09:00:00.000Z',
    );
  });

  it("refuses a bad value at parse time with the field's own form", () => {
    const refusal = (work: () => unknown) => {
      try {
        work();
      } catch (err) {
        return (err as ToolError).details;
      }
      throw new Error('not refused');
    };
    expect(refusal(() => parseShopDay('01/12/2026', 'UTC', 'date_from', 'start'))).to.deep.include({
      errors: [{ path: 'date_from', message: RANGE_BOUND_MESSAGE }],
    });
    expect(refusal(() => parseShopTime('01/12/2026', 'UTC', 'at'))).to.deep.include({
      errors: [{ path: 'at', message: DATE_TIME_MESSAGE }],
    });
    expect(refusal(() => parseLocalDate('02/12/2026', 'day'))).to.deep.include({
      errors: [{ path: 'day', message: DATE_MESSAGE }],
    });
    expect(refusal(() => parseLocalDate('2026-02-30', 'day'))).to.deep.include({
      errors: [{ path: 'day', message: 'is not a real date' }],
    });
    expect(parseLocalDate('2026-02-28', 'day')).to.equal('2026-02-28');
  });
});

describe('schema errors of a union', () => {
  const hours = Type.Object({
    business_hours: Type.Optional(
      Type.Union([
        Type.Object({ monday: Type.Array(Type.Object({ open: TimeOfDayArg(), close: TimeOfDayArg() })) }),
        Type.Null(),
      ]),
    ),
  });

  it('reports the branch that fits the value, not every branch', () => {
    expect(errorsOf(hours, { business_hours: { monday: [{ open: '9:00', close: '18:00' }] } })).to.deep.equal([
      { path: 'business_hours.monday.0.open', message: TIME_OF_DAY_MESSAGE },
    ]);
  });

  it('names the types a union takes when no branch fits the value', () => {
    expect(errorsOf(hours, { business_hours: '9:00' })).to.deep.equal([
      { path: 'business_hours', message: 'must be object or null' },
    ]);
  });
});
