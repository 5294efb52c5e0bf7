import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { WIDGET_LANGUAGES } from '../../prompt/surface.js';
import { classifyMessage, INTENTS, TOPICS } from '../services/builtin/intent-classifier.js';

type Labelled = { language: string; text: string; intent: string; topic: string };

const fixture = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));

/** The 700 labelled messages (prompt's fixture) and the two sets written after the lexicons. */
const SETS: Record<string, Labelled[]> = {
  messages: WIDGET_LANGUAGES.flatMap((language) =>
    (fixture(`../../prompt/test/fixtures/messages/${language}.json`) as [string, string, string][]).map(
      ([text, intent, topic]) => ({ language, text, intent, topic }),
    ),
  ),
  ...Object.fromEntries(
    ['after-lexicon-1', 'after-lexicon-2'].map((name) => [
      name,
      (fixture(`./fixtures/${name}.json`) as [string, string, string, string][]).map(
        ([language, text, intent, topic]) => ({
          language,
          text,
          intent,
          topic,
        }),
      ),
    ]),
  ),
};

/** Macro-F1 over the labels present in gold or predictions. */
function macroF1(pairs: [string, string][], labels: readonly string[]): number {
  const scores: number[] = [];
  for (const label of labels) {
    const tp = pairs.filter(([g, p]) => g === label && p === label).length;
    const fp = pairs.filter(([g, p]) => g !== label && p === label).length;
    const fn = pairs.filter(([g, p]) => g === label && p !== label).length;
    if (tp + fp + fn > 0) scores.push(tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn));
  }
  return scores.reduce((a, b) => a + b, 0) / scores.length;
}

describe('ai_analysis: the built-in intent and topic classifier on the labelled messages', () => {
  for (const [name, messages] of Object.entries(SETS)) {
    it(`${name}: intent macro-F1 ≥ 0.75 and topic macro-F1 ≥ 0.80 in every language`, () => {
      const rows: string[] = [];
      for (const language of WIDGET_LANGUAGES) {
        const mine = messages.filter((m) => m.language === language);
        const predicted = mine.map((m) => classifyMessage(m.text));
        const intent = macroF1(
          mine.map((m, i) => [m.intent, predicted[i]!.intent]),
          INTENTS,
        );
        const topic = macroF1(
          mine.map((m, i) => [m.topic, predicted[i]!.topic]),
          TOPICS,
        );
        rows.push(`${language}: ${mine.length} messages, intent ${intent.toFixed(3)}, topic ${topic.toFixed(3)}`);
        expect(intent, `${name} ${language} intent`).to.be.at.least(0.75);
        expect(topic, `${name} ${language} topic`).to.be.at.least(0.8);
      }
      if (process.env.AI_ANALYSIS_EVAL_REPORT) console.log(`${name}\n  ${rows.join('\n  ')}`);
    });
  }
});
