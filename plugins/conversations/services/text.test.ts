import { expect } from 'chai';
import { containsPattern, nonBlank } from './text.js';

describe('conversations: text helpers', () => {
  it('nonBlank trims and refuses whitespace-only values, naming the field', () => {
    expect(nonBlank('  refund ', 'query')).to.equal('refund');
    expect(() => nonBlank(' \t', 'query')).to.throw().with.property('details').that.deep.equals({ errors: [{ path: 'query', message: 'must not be blank' }] });
  });

  it('containsPattern takes LIKE wildcards and the escape character literally', () => {
    expect(containsPattern('50%_off\\')).to.equal('%50\\%\\_off\\\\%');
  });
});
