/**
 * auto_categorize_conversations benchmark (not a test). Target: with limit 20 on the
 * built-in engine, p95 ≤ 400 ms on the embedded database, over MCP. Conversations are built the
 * way customers make them: sandbox inbound messages (the labelled messages of the seven languages,
 * eight per conversation) and shop replies, in a shop with many more conversations than the 20 read.
 *
 *   npm run bench:ai-analysis [-- --engine embedded|postgres --conversations 200 --runs 100]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { benchKernel, mcpCaller, percentile } from './bench-kernel.js';

const { values } = parseArgs({
  options: {
    engine: { type: 'string', default: 'embedded' },
    conversations: { type: 'string', default: '200' },
    runs: { type: 'string', default: '100' },
  },
});
const CONVERSATIONS = Number(values.conversations);
const RUNS = Number(values.runs);
const PER_CONVERSATION = 8;

const LANGUAGES = ['es', 'en', 'de', 'fr', 'pt', 'it', 'hu'];
const texts = LANGUAGES.flatMap((l) =>
  (
    JSON.parse(
      readFileSync(new URL(`../../plugins/prompt/test/fixtures/messages/${l}.json`, import.meta.url), 'utf8'),
    ) as [string][]
  ).map(([text]) => text),
);

const { kernel, close } = await benchKernel({}, { embedded: values.engine === 'embedded' });
const { token } = await kernel.shops.create({ name: 'Analysis bench', credits: 100_000_000 });
const callTool = mcpCaller(kernel, token);

const connected = await callTool('connect_chatapp', {});
const link = new URL(connected.pairing.pairing_url);
await kernel.app.inject({
  method: 'GET',
  url: `${link.pathname}?phone=%2B34711000099`,
  headers: { accept: 'application/json' },
});
const sessionKey: string = connected.session.session_key;

const phone = (i: number) => `+3461${String(1_000_000 + i).slice(1)}0`;
const t = performance.now();
for (let i = 0; i < CONVERSATIONS; i++) {
  for (let j = 0; j < PER_CONVERSATION; j++) {
    const res = await kernel.app.inject({
      method: 'POST',
      url: `/sandbox/sessions/${sessionKey}/inbound`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ from: phone(i), text: texts[(i * PER_CONVERSATION + j) % texts.length] }),
    });
    if (res.statusCode !== 201) throw new Error(`inbound answered ${res.statusCode} ${res.body}`);
  }
}
// The session service records inbound messages asynchronously: wait for the last conversation's.
for (;;) {
  const { messages } = await callTool('get_conversation_messages', { phone: phone(CONVERSATIONS - 1) }).catch(() => ({
    messages: [],
  }));
  if (messages.length === PER_CONVERSATION) break;
  await new Promise((r) => setTimeout(r, 200));
}
for (let i = 0; i < CONVERSATIONS; i += 3)
  await callTool('send_chatapp_message', { phone: phone(i), message: 'Lo miramos y te digo.' });
console.log(
  `seeded ${CONVERSATIONS} conversations × ${PER_CONVERSATION} messages in ${Math.round(performance.now() - t)} ms (${values.engine})`,
);

for (let i = 0; i < 10; i++) await callTool('auto_categorize_conversations', { action: 'auto', limit: 20 });
const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const started = performance.now();
  const answer = await callTool('auto_categorize_conversations', { action: 'auto', limit: 20 });
  times.push(performance.now() - started);
  if (answer.conversations.length !== 20)
    throw new Error(`expected 20 conversations, got ${answer.conversations.length}`);
}
console.log(
  `auto_categorize_conversations limit 20 (${values.engine}, built-in engine, ${CONVERSATIONS} conversations, ${RUNS} runs): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
);
await close();
