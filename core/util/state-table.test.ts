import { expect } from 'chai';
import { ToolError } from '../errors/tool-error.js';
import { stateTable } from './state-table.js';

describe('stateTable', () => {
  const doors = stateTable({
    record: 'Door',
    allowedFrom: { open: ['closed'], close: ['open'], lock: ['closed'] },
    done: { open: 'opened', close: 'closed', lock: 'locked' },
    final: ['locked'],
  });

  it('lets an allowed action through', () => {
    expect(() => doors.assertCan('open', { id: 1, status: 'closed' })).to.not.throw();
  });

  it('refuses any other with invalid_state naming the status, the allowed ones and the action', () => {
    try {
      doors.assertCan('lock', { id: 7, status: 'open' });
      expect.fail('no refusal');
    } catch (err) {
      expect(err).to.be.instanceOf(ToolError);
      const e = err as ToolError;
      expect(e.code).to.equal('invalid_state');
      expect(e.details).to.deep.equal({ current_status: 'open', allowed: ['closed'], action: 'lock' });
      expect(e.message).to.equal('Door 7 is open and cannot be locked; allowed from: closed.');
    }
  });

  it('says when the status is final', () => {
    expect(() => doors.assertCan('open', { id: 2, status: 'locked' })).to.throw(ToolError, /A locked door is final\.$/);
  });
});
