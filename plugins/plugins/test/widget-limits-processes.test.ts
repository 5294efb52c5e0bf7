import { expect } from 'chai';
import { bootKernel, TEST_KERNEL_SECRET } from '../../../test/helpers/boot.js';
import { sharedDatabaseUrl } from '../../../test/helpers/global-database.js';
import { caller } from '../../../test/helpers/ops-kernel.js';
import { freePort, spawnServer, waitForReady, type ServerProcess } from '../../../test/helpers/server-process.js';

const GROUPS = 'prompt,knowledge,customers,plugins';

/** A browser's call to one server process. */
async function post(server: ServerProcess, path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { 'x-widget-token': token }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/**
 * Two server processes of one deployment on one database: a visitor's messages sent to both at
 * once are counted together, so the 31st chat message and the 51st document question are refused
 * whichever process they reach.
 */
describe('plugins: widget limits across two server processes', function () {
  this.timeout(180_000);
  const servers: ServerProcess[] = [];
  let chatKey: string;
  let docqaKey: string;

  before(async function () {
    // Several servers on one database is a PostgreSQL deployment: the embedded engine belongs to the
    // one process that holds its data folder (where one process counts alone).
    if (process.env.TEST_DATABASE === 'pglite') this.skip();
    const k = await bootKernel({ groups: GROUPS.split(',') });
    try {
      const { token } = await k.newShop('Two-process widget shop');
      const c = caller(k, token);
      chatKey = (await c.ok('configure_plugin_chat', { plugin_type: 'chat', is_enabled: true })).plugin.public_key;
      docqaKey = (await c.ok('create_docqa_assistant', { display_name: 'Two processes' })).assistant.public_key;
    } finally {
      await k.close();
    }
    const vars = {
      DATABASE_URL: await sharedDatabaseUrl(),
      SWITCHBOARD_SECRET: TEST_KERNEL_SECRET,
      SWITCHBOARD_GROUPS: GROUPS,
      LOG_LEVEL: 'error',
    };
    servers.push(await spawnServer(await freePort(), vars), await spawnServer(await freePort(), vars));
    await Promise.all(servers.map((s) => waitForReady(s)));
  });
  after(async () => {
    for (const server of servers) await server.stop('SIGKILL');
  });

  /** `count` messages of one session, all at once, alternately to the two processes. */
  const flood = async (key: string, count: number) => {
    const opened = await post(servers[0]!, `/widget/${key}/sessions`, {});
    expect(opened.status).to.equal(201);
    const { session_id: id, token } = opened.body;
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) =>
        post(servers[i % 2]!, `/widget/${key}/sessions/${id}/messages`, { text: `message ${i}` }, token),
      ),
    );
    const tally: Record<number, number> = {};
    for (const a of answers) tally[a.status] = (tally[a.status] ?? 0) + 1;
    return { answers, tally, started };
  };

  it('chat: of 40 messages at once over both processes, exactly 30 pass; the refusals say when the hour ends', async () => {
    const { answers, tally, started } = await flood(chatKey, 40);
    expect(tally).to.deep.equal({ 200: 30, 429: 10 });
    const elapsed = (Date.now() - started) / 1000;
    for (const refused of answers.filter((a) => a.status === 429)) {
      expect(refused.body).to.deep.include({ error: 'rate_limited', limit: 30, window_minutes: 60 });
      expect(refused.body.retry_after_seconds).to.be.within(3_600 - elapsed - 1, 3_600 + 1);
    }
  });

  it('document Q&A: of 60 questions at once over both processes, exactly 50 pass', async () => {
    const { answers, tally } = await flood(docqaKey, 60);
    expect(tally).to.deep.equal({ 200: 50, 429: 10 });
    expect(answers.find((a) => a.status === 429)!.body).to.deep.include({ limit: 50, retry_after_seconds: null });
  });
});
