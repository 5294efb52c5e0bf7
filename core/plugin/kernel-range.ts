/** Caret ranges only ("^1.2.0"): the one form the plugin API promises to honour. */
export function satisfiesCaret(version: string, range: string): boolean {
  const m = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range.trim());
  const v = /^(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (!m || !v) return false;
  const [want, have] = [m.slice(1).map(Number), v.slice(1).map(Number)];
  if (have[0] !== want[0]) return false;
  return have[1]! > want[1]! || (have[1] === want[1] && have[2]! >= want[2]!);
}
