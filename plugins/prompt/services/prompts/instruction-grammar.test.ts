import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { parseInstruction, type PromptEdit } from './instruction-grammar.js';
import { applyEdit } from './prompt-edits.js';
import { defaultPrompt } from './default-prompt.js';

interface Case {
  lang: string;
  instruction: string;
  expect: PromptEdit | null;
}
const fixture = JSON.parse(
  readFileSync(new URL('../../test/fixtures/prompt-instructions.json', import.meta.url), 'utf8'),
) as { cases: Case[] };

describe('prompt: the built-in engine’s instruction grammar', () => {
  it('reads the shipped instructions in seven languages: at least 90% exactly, and every other one is refused, never guessed', () => {
    const byLanguage = new Map<string, { exact: number; total: number }>();
    const misses: string[] = [];
    for (const c of fixture.cases) {
      const parsed = parseInstruction(c.instruction);
      if (c.expect === null) {
        expect(parsed, `${c.lang}: "${c.instruction}" needs a model`).to.equal(null);
        continue;
      }
      const tally = byLanguage.get(c.lang) ?? { exact: 0, total: 0 };
      tally.total++;
      if (JSON.stringify(parsed) === JSON.stringify(c.expect)) tally.exact++;
      else misses.push(`${c.lang}: "${c.instruction}" → ${JSON.stringify(parsed)}`);
      byLanguage.set(c.lang, tally);
    }
    const exact = [...byLanguage.values()].reduce((s, t) => s + t.exact, 0);
    const total = [...byLanguage.values()].reduce((s, t) => s + t.total, 0);
    expect(byLanguage.size).to.equal(7);
    expect(total).to.be.at.least(60);
    expect(exact / total, misses.join('\n')).to.be.at.least(0.9);
  });
});

describe('prompt: edits on the prompt', () => {
  const base = defaultPrompt('Sunny Shop');

  it('sets a setting line in place, or adds it before the rules', () => {
    const toned = applyEdit(base, { op: 'set', key: 'Tone', value: 'formal' });
    expect(toned.changed).to.equal(true);
    expect(toned.text.split('\n')[1]).to.equal('Tone: formal');
    expect(applyEdit(toned.text, { op: 'set', key: 'Tone', value: 'formal' }).changed).to.equal(false);
    const signed = applyEdit(base, { op: 'set', key: 'Signature', value: 'The Sunny team' }).text.split('\n');
    expect(signed[signed.indexOf('Rules:') - 1]).to.equal('Signature: The Sunny team');
    expect(applyEdit('Be nice.', { op: 'set', key: 'Language', value: 'German' }).text).to.equal(
      'Be nice.\nLanguage: German',
    );
  });

  it('adds a rule at the end of the rules list, or starts one; the same rule twice changes nothing', () => {
    const added = applyEdit(base, { op: 'add_rule', text: 'Never promise a delivery date.' });
    expect(added.text.split('\n').at(-1)).to.equal('- Never promise a delivery date.');
    expect(applyEdit(added.text, { op: 'add_rule', text: 'never promise a delivery date' }).changed).to.equal(false);
    expect(applyEdit('Be nice.', { op: 'add_rule', text: 'No emoji.' }).text).to.equal('Be nice.\nRules:\n- No emoji.');
  });

  it('removes the rules that mention the target (other lines only when no rule does), and says when none does', () => {
    const removed = applyEdit(base, { op: 'remove', target: 'card numbers' });
    expect(removed).to.include({ changed: true, message: '1 line removed.' });
    expect(removed.text).to.not.include('card numbers');
    expect(removed.text.split('\n')).to.have.length(base.split('\n').length - 1);
    expect(applyEdit(base, { op: 'remove', target: 'dinosaurs' })).to.include({ changed: false });
  });

  it('replaces every occurrence, case-insensitively, and says when there is none', () => {
    const replaced = applyEdit(base, { op: 'replace', from: 'BRIEFLY AND POLITELY', to: 'in detail' });
    expect(replaced.text).to.include('orders and appointments, in detail.');
    expect(applyEdit(base, { op: 'replace', from: 'xyz', to: 'abc' }).changed).to.equal(false);
  });
});
