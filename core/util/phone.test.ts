import { expect } from 'chai';
import metadataJson from 'libphonenumber-js/max/metadata';
import examples from 'libphonenumber-js/mobile/examples';
import { getCountryCallingCode, type CountryCode } from 'libphonenumber-js/max';
import { parsedE164OrNull, phoneE164OrNull } from './phone.js';

/** A fixed pseudo-random sequence, so a failure names inputs that can be replayed. */
function sequence(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('phoneE164OrNull: its fast path for +digits answers as the parser does', () => {
  const differences: string[] = [];
  const compare = (raw: string) => {
    const fast = phoneE164OrNull(raw);
    const full = parsedE164OrNull(raw);
    if (fast !== full) differences.push(`${JSON.stringify(raw)}: ${fast}, the parser ${full}`);
    return full;
  };

  it('answers as the parser for random numbers under every calling code, in every accepted shape', () => {
    const random = sequence(7);
    const digits = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 10)).join('');
    const separators = ['', ' ', '-', '.'];
    const grouped = (text: string) =>
      text.replace(/(\d{3})(?=\d)/g, (g) => g + separators[Math.floor(random() * separators.length)]);
    const meta = metadataJson as unknown as {
      country_calling_codes: Record<string, string[]>;
      nonGeographic?: Record<string, unknown>;
    };
    const codes = [...Object.keys(meta.country_calling_codes), ...Object.keys(meta.nonGeographic ?? {})];
    let valid = 0;
    for (const code of codes) {
      for (let i = 0; i < 200; i++) {
        const national = digits(2 + Math.floor(random() * 13));
        for (const raw of [
          `+${code}${national}`,
          grouped(`+${code}${national}`),
          `00${code}${national}`,
          ` ${code}${national} `,
        ])
          if (compare(raw)) valid++;
      }
    }
    expect(differences).to.deep.equal([]);
    expect(valid).to.be.greaterThan(0);
  });

  it('answers as the parser for every country’s example number and its near misses', () => {
    let valid = 0;
    for (const [country, national] of Object.entries(examples as Record<string, string>)) {
      const code = getCountryCallingCode(country as CountryCode);
      for (const variant of [
        national,
        national.slice(0, -1),
        `${national}7`,
        `0${national}`,
        national.replace(/\d$/, (d) => String((Number(d) + 1) % 10)),
      ]) {
        for (const raw of [
          `+${code}${variant}`,
          `+${code} ${variant.slice(0, 3)} ${variant.slice(3)}`,
          `00${code}-${variant}`,
        ])
          if (compare(raw)) valid++;
      }
    }
    expect(differences).to.deep.equal([]);
    expect(valid).to.be.greaterThan(Object.keys(examples).length);
  });

  it('leaves what is not "+digits" to the parser', () => {
    for (const raw of [
      '',
      '   ',
      '+',
      '+0034600111222',
      '+34 (600) 111 222',
      'tel:+34600111222',
      '+34600111222 ext. 5',
      '+34 600 111 222#',
      'six hundred',
      '+١٢٣',
    ])
      compare(raw);
    expect(differences).to.deep.equal([]);
    expect(phoneE164OrNull('+34 600-111.222')).to.equal('+34600111222');
    expect(phoneE164OrNull('0034600111222')).to.equal('+34600111222');
  });
});
