/**
 * voice benchmark (not a test). Target: a signed Twilio webhook in, the TwiML answer out,
 * p95 at most 1.5 s with the model answering in 500 ms; 100 % of tampered webhooks refused. One
 * shop on its Twilio account (a local fake of Twilio's API and callers that sign with the twilio
 * library), an OpenAI-compatible fake model with a fixed think time, `--calls` calls at
 * `--concurrency` at a time, each greeting plus `--turns` questions; latency per webhook, measured
 * by the caller. Then `--tampered` requests with one thing changed after signing.
 *
 *   npm run bench:voice [-- --calls 60 --turns 3 --concurrency 10 --latency 500 --tampered 200]
 */
import { parseArgs } from 'node:util';
import twilio from 'twilio';
import { FakeOpenAi } from '../../test/helpers/fake-openai.js';
import { TwilioFake } from '../../test/helpers/voice/twilio-fake.js';
import { benchKernel, mcpCaller, percentile } from './bench-kernel.js';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '60' },
    turns: { type: 'string', default: '3' },
    concurrency: { type: 'string', default: '10' },
    latency: { type: 'string', default: '500' },
    tampered: { type: 'string', default: '200' },
  },
});
const CALLS = Number(values.calls);
const TURNS = Number(values.turns);

const fake = await new TwilioFake().start();
const ai = await new FakeOpenAi().start();
ai.latencyMs = Number(values.latency);
ai.reply = JSON.stringify({ answer: 'You can return any item for free within 30 days.', handoff: false });
const { kernel, close } = await benchKernel(
  { voice: { enabled: true, config: { twilio: { apiBaseUrl: fake.baseUrl } } } },
  { overrides: { network: { allowLoopback: true } } },
);
await kernel.listen();
const { token } = await kernel.shops.create({ name: 'Voice bench', credits: 1_000_000 });
const call = mcpCaller(kernel, token);
await call('configure_ai_provider', {
  provider: 'openai_compatible',
  base_url: ai.baseUrl,
  api_key: ai.apiKey,
  chat_model: 'fake-chat',
});
await call('create_knowledge_snippet', { title: 'Returns', content: 'Returns are free within 30 days.' });
await call('configure_voice', {
  provider: 'twilio',
  account_sid: fake.accountSid,
  auth_token: fake.authToken,
  language_mode: 'fixed',
  language_fixed: 'en',
});
const { number } = await call('assign_voice_number', { phone_number: '+34910999000' });

const greetings: number[] = [];
const answers: number[] = [];
const timed = async <T>(into: number[], work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  into.push(performance.now() - started);
  return result;
};

let next = 0;
const started = performance.now();
await Promise.all(
  Array.from({ length: Number(values.concurrency) }, async () => {
    while (next < CALLS) {
      const i = next++;
      const caller = fake.caller(number.webhooks.voice_url, `+3466${String(i).padStart(7, '0')}`, number.phone_number);
      const greeting = await timed(greetings, () => caller.dial());
      if (greeting.status !== 200) throw new Error(`dial answered ${greeting.status}`);
      for (let t = 0; t < TURNS; t++) {
        const said = await timed(answers, () => caller.say(`Can I return item number ${t + 1}?`));
        if (!said.say[0]?.startsWith('You can return'))
          throw new Error(`unexpected answer: ${said.body.slice(0, 300)}`);
      }
      await caller.hangUp(number.webhooks.status_callback_url);
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

const probe = fake.caller(number.webhooks.voice_url, '+34660000001', number.phone_number);
const params = { AccountSid: fake.accountSid, CallSid: probe.callSid, From: '+34660000001', To: number.phone_number };
const tampers: ((r: { url: string; params: Record<string, string>; headers: Record<string, string> }) => void)[] = [
  (r) => (r.params.From = '+34660000002'),
  (r) => (r.params.Extra = '1'),
  (r) => delete r.headers['x-twilio-signature'],
  (r) => (r.headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature('wrong-token', r.url, r.params)),
  (r) =>
    (r.headers['x-twilio-signature'] = twilio.getExpectedTwilioSignature(
      fake.authToken,
      r.url.replace('http:', 'https:'),
      r.params,
    )),
];
let refused = 0;
for (let i = 0; i < Number(values.tampered); i++)
  if (
    (await probe.post(number.webhooks.voice_url, { ...params, Seq: String(i) }, tampers[i % tampers.length])).status ===
    403
  )
    refused += 1;

const ms = (xs: number[], p: number) => Math.round(percentile(xs, p));
console.log(
  `voice: ${CALLS} calls × (greeting + ${TURNS} turns), ${values.concurrency} at a time, model think time ${values.latency} ms — ${seconds.toFixed(1)} s`,
);
console.log(
  `  greeting webhook  p50 ${ms(greetings, 50)} ms  p95 ${ms(greetings, 95)} ms  p99 ${ms(greetings, 99)} ms`,
);
console.log(
  `  answer webhook    p50 ${ms(answers, 50)} ms  p95 ${ms(answers, 95)} ms  p99 ${ms(answers, 99)} ms  max ${ms(answers, 100)} ms (target p95 ≤ 1500)`,
);
console.log(`  tampered webhooks refused: ${refused}/${values.tampered}`);
await close();
await ai.close();
await fake.stop();
