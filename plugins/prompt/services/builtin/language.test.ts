import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { detectLanguage, WIDGET_LANGUAGES } from './language.js';
import { ELD_TABLE_FILE, installedEldTable, trimEldTable } from './eld-table.js';

const messages = WIDGET_LANGUAGES.flatMap((language) =>
  (
    JSON.parse(readFileSync(new URL(`../../test/fixtures/messages/${language}.json`, import.meta.url), 'utf8')) as [
      string,
      string,
      string,
    ][]
  ).map(([text]) => ({ text, language })),
);

/**
 * The built-in language detection on the 700 labelled messages (100 per widget language). Set
 * LANGUAGE_REPORT=1 to print the accuracy per language and length.
 */
describe('prompt: built-in language detection on the labelled messages', () => {
  it('is right for at least 95% of the messages of 20 characters or more, and says so when unsure', () => {
    const tally = new Map<string, { right: number; total: number }>();
    const count = (key: string, right: boolean) => {
      const t = tally.get(key) ?? { right: 0, total: 0 };
      t.total++;
      if (right) t.right++;
      tally.set(key, t);
    };
    for (const { text, language } of messages) {
      const detected = detectLanguage(text);
      const band = text.length >= 20 ? 'long' : 'short';
      count(`${language} ${band}`, detected.language === language);
      count(band, detected.language === language);
      if (detected.language === null) expect(detected.reliable).to.equal(false);
    }
    if (process.env.LANGUAGE_REPORT)
      for (const [key, t] of [...tally].sort())
        console.log(`${key}: ${((100 * t.right) / t.total).toFixed(1)}% of ${t.total}`);
    const long = tally.get('long')!;
    expect(long.total).to.be.at.least(500);
    expect(long.right / long.total).to.be.at.least(0.95);
  });

  it('runs on eld’s table of the installed version, cut to the widget languages (npm run eld:table writes it)', async () => {
    const committed = JSON.parse(readFileSync(ELD_TABLE_FILE, 'utf8'));
    expect(committed).to.deep.equal(trimEldTable(await installedEldTable(), WIDGET_LANGUAGES));
    expect(Object.values(committed.languages)).to.deep.equal([...WIDGET_LANGUAGES]);
  });
});
