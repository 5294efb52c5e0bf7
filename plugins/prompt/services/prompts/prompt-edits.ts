import { fingerprint } from '../learning/fingerprint.js';
import type { PromptEdit, SettingKey } from './instruction-grammar.js';

export interface EditResult {
  text: string;
  changed: boolean;
  /** What was done, or why nothing changed. */
  message: string;
}

const BULLET = /^\s*[-*•]\s+/u;
const RULES_HEADER = /^\s*rules\s*:\s*$/iu;
const settingLine = (key: SettingKey) => new RegExp(`^\\s*${key}\\s*:`, 'iu');

/**
 * Applies one edit to a prompt, in the form the built-in engine keeps: setting lines ("Tone: …",
 * "Language: …", "Signature: …") and a "Rules:" list of "- " lines; the rest of the text is left as
 * it is.
 */
export function applyEdit(prompt: string, edit: PromptEdit): EditResult {
  const lines = prompt.replace(/\r\n/g, '\n').split('\n');
  const result = (changed: boolean, message: string): EditResult => ({
    text: lines.join('\n').trim(),
    changed,
    message,
  });
  switch (edit.op) {
    case 'set': {
      const line = `${edit.key}: ${edit.value}`;
      const at = lines.findIndex((l) => settingLine(edit.key).test(l));
      if (at >= 0) {
        if (lines[at]!.trim() === line) return result(false, `${edit.key} is already ${edit.value}.`);
        lines[at] = line;
        return result(true, `${edit.key} set to ${edit.value}.`);
      }
      const rules = lines.findIndex((l) => RULES_HEADER.test(l));
      if (rules >= 0) lines.splice(rules, 0, line);
      else lines.push(line);
      return result(true, `${edit.key} set to ${edit.value}.`);
    }
    case 'add_rule': {
      const print = fingerprint(edit.text);
      if (lines.some((l) => BULLET.test(l) && fingerprint(l) === print))
        return result(false, 'The prompt has this rule already.');
      const header = lines.findIndex((l) => RULES_HEADER.test(l));
      if (header < 0) {
        while (lines.length && !lines.at(-1)!.trim()) lines.pop();
        lines.push('Rules:', `- ${edit.text}`);
      } else {
        let last = header;
        while (last + 1 < lines.length && BULLET.test(lines[last + 1]!)) last++;
        lines.splice(last + 1, 0, `- ${edit.text}`);
      }
      return result(true, 'Rule added.');
    }
    case 'remove': {
      const target = fingerprint(edit.target);
      const matches = (l: string) => target.length > 0 && fingerprint(l).includes(target);
      const bullets = lines.filter((l) => BULLET.test(l) && matches(l));
      const doomed = new Set(bullets.length ? bullets : lines.filter(matches));
      if (doomed.size === 0) return result(false, `No line of the prompt mentions “${edit.target}”.`);
      const kept = lines.filter((l) => !doomed.has(l));
      lines.splice(0, lines.length, ...kept);
      return result(true, `${doomed.size} line${doomed.size === 1 ? '' : 's'} removed.`);
    }
    case 'replace': {
      const pattern = new RegExp(edit.from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'giu');
      const joined = lines.join('\n');
      const count = joined.match(pattern)?.length ?? 0;
      if (count === 0) return result(false, `The prompt does not contain “${edit.from}”.`);
      lines.splice(0, lines.length, ...joined.replace(pattern, () => edit.to).split('\n'));
      return result(true, `${count} occurrence${count === 1 ? '' : 's'} replaced.`);
    }
  }
}
