import { expect } from 'chai';
import { containsPattern, likeLiteral, nonBlank } from './text.js';

describe('kernel text helpers', () => {
  it('nonBlank trims and refuses whitespace-only values, naming the field', () => {
    expect(nonBlank('  VIP ', 'tag_name')).to.equal('VIP');
    expect(nonBlank('  refund ', 'query')).to.equal('refund');
    expect(() => nonBlank(' \n\t', 'comment'))
      .to.throw()
      .with.property('details')
      .that.deep.equals({ errors: [{ path: 'comment', message: 'must not be blank' }] });
    expect(() => nonBlank(' \t', 'query'))
      .to.throw()
      .with.property('details')
      .that.deep.equals({ errors: [{ path: 'query', message: 'must not be blank' }] });
  });

  it('likeLiteral and containsPattern take LIKE wildcards and the escape character literally', () => {
    expect(likeLiteral('100%_a\\b')).to.equal('100\\%\\_a\\\\b');
    expect(containsPattern('a_b')).to.equal('%a\\_b%');
    expect(containsPattern('50%_off\\')).to.equal('%50\\%\\_off\\\\%');
  });
});
