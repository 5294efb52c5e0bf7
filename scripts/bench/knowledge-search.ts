/**
 * Knowledge search benchmark (not a test). Target: search_knowledge p95 ≤ 50 ms with
 * 5,000 snippets and 20,000 document chunks on the embedded engine, over MCP (tools/call through
 * the server's route), with the built-in engine (full-text in the query's language with the shop
 * vocabulary, trigram). The snippets are the evaluation set's 154 in seven languages, each also in
 * variants naming another product, so that every question has many near matches; the documents
 * are Markdown manuals in the seven languages whose sections (one chunk each) are made of the
 * set's answers naming other products, so the questions meet passages too. The questions are the
 * set's.
 *
 *   npm run bench:knowledge [-- --engine embedded|postgres --snippets 5000 --chunks 20000 --runs 300]
 */
import { readFileSync, readdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchKernel, mcpCaller, percentile } from './bench-kernel.js';
import { refreshStatistics } from '../../core/db/embedded-statistics.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'embedded' },
    snippets: { type: 'string', default: '5000' },
    chunks: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '300' },
  },
});
const SNIPPETS = Number(values.snippets);
const CHUNKS = Number(values.chunks);
/** Sections per document: each is one chunk. */
const SECTIONS = 200;
const RUNS = Number(values.runs);

interface Pair {
  lang: string;
  title: string;
  content: string;
  question: string;
}
const dir = new URL('../../plugins/knowledge/test/fixtures/', import.meta.url);
const pairs: Pair[] = readdirSync(dir)
  .filter((f) => f.startsWith('retrieval-eval-'))
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, dir), 'utf8')) as Pair[]);
const PRODUCTS = ['Alba', 'Brisa', 'Cedro', 'Duna', 'Eco', 'Faro', 'Gala', 'Halo', 'Iris', 'Jade', 'Kora', 'Luna'];

const { kernel, close } = await benchKernel({}, { embedded: values.engine === 'embedded' });
const { token } = await kernel.shops.create({ name: 'Knowledge bench' });

const callTool = mcpCaller(kernel, token);

const records = Array.from({ length: SNIPPETS }, (_, i) => {
  const pair = pairs[i % pairs.length]!;
  const variant = Math.floor(i / pairs.length);
  const product = `${PRODUCTS[variant % PRODUCTS.length]} ${variant}`;
  return variant === 0
    ? { title: pair.title, content: pair.content, language: pair.lang }
    : { title: `${pair.title} — ${product}`, content: `${product}: ${pair.content}`, language: pair.lang };
});
const t = performance.now();
for (let i = 0; i < records.length; i += 5000)
  await callTool('import_knowledge', {
    format: 'json',
    status: 'active',
    dedupe: false,
    content: JSON.stringify(records.slice(i, i + 5000)),
  });
console.log(`imported ${records.length} snippets in ${Math.round(performance.now() - t)} ms (${values.engine})`);

const byLanguage = new Map<string, Pair[]>();
for (const pair of pairs) byLanguage.set(pair.lang, [...(byLanguage.get(pair.lang) ?? []), pair]);
const languages = [...byLanguage.keys()];
const started = performance.now();
for (let d = 0; d * SECTIONS < CHUNKS; d++) {
  const own = byLanguage.get(languages[d % languages.length]!)!;
  const sections = Array.from({ length: Math.min(SECTIONS, CHUNKS - d * SECTIONS) }, (_, s) => {
    const product = `${PRODUCTS[(d + s) % PRODUCTS.length]} ${d}-${s}`;
    // Passages near a real chunk's length (600–800 characters): answers of the set, one after another.
    let text = `${product}:`;
    for (let j = 0; text.length < 600; j++) text += ` ${own[(s + j * 5) % own.length]!.content}`;
    return `## ${own[s % own.length]!.title} — ${product}\n\n${text}`;
  });
  const { document } = await callTool('add_knowledge_document', {
    title: `Manual ${d}`,
    format: 'markdown',
    content: `# Manual ${d}\n\n${sections.join('\n\n')}`,
  });
  if (document.chunk_count !== sections.length)
    throw new Error(`document ${d}: ${document.chunk_count} chunks for ${sections.length} sections`);
}
console.log(`added ${CHUNKS} document chunks in ${Math.round(performance.now() - started)} ms`);
// Searches run against fresh statistics, as they do a minute after a bulk load: autovacuum's
// work on PostgreSQL, the kernel's embedded-statistics job on the embedded engine.
const connection = kernel.orm.em.getConnection();
await refreshStatistics((sql) => connection.execute(sql));

for (let i = 0; i < 20; i++) await callTool('search_knowledge', { query: pairs[i]!.question });
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  await callTool('search_knowledge', { query: pairs[i % pairs.length]!.question, top_k: 5 });
  times.push(performance.now() - started);
}
console.log(
  `search_knowledge (${values.engine}, ${SNIPPETS} snippets, ${CHUNKS} chunks, ${RUNS} questions): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
);
await close();
