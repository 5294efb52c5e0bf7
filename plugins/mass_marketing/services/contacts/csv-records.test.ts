import { expect } from 'chai';
import { CsvReader, detectDelimiter } from './csv-records.js';
import { normaliseRows } from './contact-rows.js';
import { normalizePhone } from '../../../../core/index.js';

const read = (chunks: string[]) => {
  const r = new CsvReader();
  return [...chunks.flatMap((c) => r.push(c)), ...r.end()];
};

describe('CsvReader', () => {
  it('detects comma, semicolon and tab', () => {
    expect(detectDelimiter('a,b,c')).to.equal(',');
    expect(detectDelimiter('a;b;"c,d,e"')).to.equal(';');
    expect(detectDelimiter('a\tb')).to.equal('\t');
  });

  it('reads quoted fields with delimiters, doubled quotes and line breaks, across chunk borders, with line numbers', () => {
    const records = read(['a,"b, c"\r\n\n"multi', '\nline",x\n"q ""y""",', 'z']);
    expect(records).to.deep.equal([
      { line: 1, fields: ['a', 'b, c'] },
      { line: 3, fields: ['multi\nline', 'x'] },
      { line: 5, fields: ['q "y"', 'z'] },
    ]);
  });

  it('closes a quote left open at the end', () => {
    expect(read(['"open,1'])).to.deep.equal([{ line: 1, fields: ['open,1'] }]);
  });
});

describe('normaliseRows', () => {
  it('agrees with the kernel normalizePhone and reports each bad row', () => {
    const { valid, errors } = normaliseRows([
      { line: 1, phone: '0034 600 111 222', name: ' Ana ' },
      { line: 2, phone: '34600111223', name: '' },
      { line: 3, phone: '+1 (202) 555-0143' },
      { line: 4, phone: '+34 12' },
      { line: 5, phone: '' },
    ]);
    expect(valid.phones).to.deep.equal([
      normalizePhone('0034 600 111 222'),
      normalizePhone('34600111223'),
      normalizePhone('+1 (202) 555-0143'),
    ]);
    expect(valid.names).to.deep.equal(['Ana', null, null]);
    expect(errors.map((e) => [e.line, e.code])).to.deep.equal([
      [4, 'invalid_phone'],
      [5, 'missing_phone'],
    ]);
  });
});
