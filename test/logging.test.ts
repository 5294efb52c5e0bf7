import { expect } from 'chai';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { loggerOptions } from '../core/logging/logger-options.js';

describe('logging: secrets never reach a log line', () => {
  it('redacts bearer tokens, API keys, confirmation tokens, passwords and secrets', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = Fastify({ logger: { ...(loggerOptions('info') as object), stream } });
    app.log.info(
      {
        req: { headers: { authorization: 'Bearer sbt_live_token', 'x-api-key': 'sk_session_key', cookie: 'sid=1' } },
        args: { token: 'sbt_other', confirmation_token: 'ct_123', password: 'hunter2', secret: 'whsec', api_key: 'ak' },
      },
      'call',
    );
    await app.close();
    const out = lines.join('');
    for (const leaked of [
      'sbt_live_token',
      'sk_session_key',
      'sid=1',
      'sbt_other',
      'ct_123',
      'hunter2',
      'whsec',
      '"ak"',
    ]) {
      expect(out, leaked).to.not.include(leaked);
    }
    expect(out).to.include('[redacted]');
  });
});
