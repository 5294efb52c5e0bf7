import { expect } from 'chai';
import { containsPattern, likeLiteral, nonBlank } from './text.js';

describe('customers text helpers', () => {
  it('nonBlank trims and refuses whitespace-only values, naming the field', () => {
    expect(nonBlank('  VIP ', 'tag_name')).to.equal('VIP');
    expect(() => nonBlank(' \n\t', 'comment')).to.throw().with.property('details').that.deep.equals({ errors: [{ path: 'comment', message: 'must not be blank' }] });
  });

  it('likeLiteral escapes LIKE wildcards and the escape character', () => {
    expect(likeLiteral('100%_a\\b')).to.equal('100\\%\\_a\\\\b');
    expect(containsPattern('a_b')).to.equal('%a\\_b%');
  });
});
