/**
 * Where a CPU profile's time went (not a test): the samples of a .cpuprofile (`node --cpu-prof`, or
 * the inspector's Profiler) summed by file and by function, self time and total time (the function
 * and what it called, counted once per sample however deep it recurses), as shares of all samples.
 * Under tsx every function of a module is on line 1 (its output is minified): functions are told
 * apart by name and column.
 *
 *   node --import tsx/esm scripts/bench/cpuprofile-summary.ts FILE.cpuprofile [--top 40] [--match core/]
 *
 * --match: the total-time list only shows functions whose file contains this (default core/).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '40' }, match: { type: 'string', default: 'core/' } },
});
if (positionals.length !== 1) throw new Error('usage: cpuprofile-summary.ts FILE.cpuprofile [--top N] [--match TEXT]');
const profile = JSON.parse(readFileSync(positionals[0]!, 'utf8')) as { nodes: ProfileNode[]; samples: number[] };
const top = Number(values.top);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

const fileOf = (node: ProfileNode) =>
  node.callFrame.url
    .replace(/^file:\/\//, '')
    .replace(process.cwd() + '/', '')
    .replace(/node_modules\/((?:@[^/]+\/)?[^/]+)\/.*/, '$1 (package)') || node.callFrame.functionName;
const functionOf = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${fileOf(node)}:${node.callFrame.lineNumber + 1}:${node.callFrame.columnNumber}`;

const selfByFile = new Map<string, number>();
const selfByFunction = new Map<string, number>();
const totalByFunction = new Map<string, number>();
const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
for (const sample of profile.samples) {
  const node = byId.get(sample)!;
  add(selfByFile, fileOf(node));
  add(selfByFunction, functionOf(node));
  const seen = new Set<string>();
  for (let id: number | undefined = sample; id !== undefined; id = parentOf.get(id))
    seen.add(functionOf(byId.get(id)!));
  for (const name of seen) add(totalByFunction, name);
}

const print = (title: string, map: Map<string, number>, keep: (name: string) => boolean = () => true) => {
  console.log(`\n${title}`);
  for (const [name, samples] of [...map]
    .filter(([n]) => keep(n))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${((100 * samples) / profile.samples.length).toFixed(2).padStart(6)} %  ${name}`);
};
console.log(`${profile.samples.length} samples`);
print('Self time by file', selfByFile);
print('Self time by function', selfByFunction);
print(`Total time by function (files matching ${values.match})`, totalByFunction, (n) => n.includes(values.match!));
