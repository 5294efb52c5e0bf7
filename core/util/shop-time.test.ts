import { expect } from 'chai';
import { ToolError } from '../errors/tool-error.js';
import { parseShopTime } from './shop-time.js';

describe('shop time: date-time arguments', () => {
  it('reads Z and explicit offsets exactly', () => {
    expect(parseShopTime('2030-05-01T09:30:00Z', 'Europe/Madrid', 'send_at').toISOString()).to.equal(
      '2030-05-01T09:30:00.000Z',
    );
    expect(parseShopTime('2030-05-01T09:30:00+02:00', 'UTC', 'send_at').toISOString()).to.equal(
      '2030-05-01T07:30:00.000Z',
    );
    expect(parseShopTime('2030-05-01T09:30-0530', 'UTC', 'send_at').toISOString()).to.equal('2030-05-01T15:00:00.000Z');
  });

  it('reads a time without offset in the shop timezone, summer and winter', () => {
    expect(parseShopTime('2030-07-01T09:30', 'Europe/Madrid', 'send_at').toISOString()).to.equal(
      '2030-07-01T07:30:00.000Z',
    );
    expect(parseShopTime('2030-01-15 09:30:00', 'Europe/Madrid', 'send_at').toISOString()).to.equal(
      '2030-01-15T08:30:00.000Z',
    );
    expect(parseShopTime('2030-01-15T09:30', 'America/New_York', 'send_at').toISOString()).to.equal(
      '2030-01-15T14:30:00.000Z',
    );
    expect(parseShopTime('2030-01-15T09:30', 'UTC', 'send_at').toISOString()).to.equal('2030-01-15T09:30:00.000Z');
  });

  it('moves a wall time skipped by the spring DST change forward', () => {
    // 02:30 does not exist in Madrid on 2030-03-31; it is 03:30 local, 01:30 UTC.
    expect(parseShopTime('2030-03-31T02:30', 'Europe/Madrid', 'send_at').toISOString()).to.equal(
      '2030-03-31T01:30:00.000Z',
    );
  });

  it('refuses what is not a date-time, or not a real one', () => {
    for (const raw of ['tomorrow', '2030-02-30T10:00', '2030-01-01T24:00', '2030-01-01']) {
      expect(() => parseShopTime(raw, 'UTC', 'send_at'), raw)
        .to.throw(ToolError)
        .with.property('code', 'invalid_arguments');
    }
  });
});
