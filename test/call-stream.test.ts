import { expect } from 'chai';
import type { FastifyReply } from 'fastify';
import { CallStream } from '../core/transport/call-stream.js';

/** A reply that records what the stream writes. */
function fakeReply() {
  const written: string[] = [];
  let head: Record<string, string> | undefined;
  let hijacked = false;
  const raw = {
    destroyed: false,
    writeHead: (_status: number, headers: Record<string, string>) => void (head = headers),
    write: (chunk: string) => void written.push(chunk),
    end: (chunk: string) => void written.push(chunk),
  };
  const reply = { raw, request: { headers: {} }, hijack: () => void (hijacked = true) } as unknown as FastifyReply;
  const events = () => written.map((w) => JSON.parse(w.replace(/^event: message\ndata: /, '').trim()));
  return { reply, events, head: () => head, hijacked: () => hijacked };
}

describe('CallStream: a tool call’s notifications', () => {
  it('stays plain until the first notification, then streams the notifications and the response last', () => {
    const r = fakeReply();
    const stream = new CallStream(r.reply, 'tok', 'info');
    const report = stream.reporter('g', []);
    expect(stream.started).to.equal(false);
    report.progress(1, 10);
    expect(stream.started).to.equal(true);
    expect(r.hijacked()).to.equal(true);
    expect(r.head()).to.include({ 'content-type': 'text/event-stream' });
    stream.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    expect(r.events()).to.deep.equal([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'tok', progress: 1, total: 10 } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ]);
  });

  it('sends no progress without a token, thins progress to one per interval but always sends the last, and never goes back', () => {
    const none = fakeReply();
    new CallStream(none.reply, undefined, 'info').reporter('g', []).progress(5, 10);
    expect(none.events()).to.deep.equal([]);

    const r = fakeReply();
    const report = new CallStream(r.reply, 7, 'info').reporter('g', []);
    report.progress(1, 10);
    report.progress(2, 10);
    report.progress(1, 10);
    report.progress(10, 10);
    expect(r.events().map((e) => e.params.progress)).to.deep.equal([1, 10]);
  });

  it('drops log messages below the level and scrubs the call’s secret values from those it sends', () => {
    const r = fakeReply();
    const report = new CallStream(r.reply, undefined, 'warning').reporter('email', ['hunter2"x']);
    report.log('info', 'not sent');
    report.log('error', { detail: 'login with hunter2"x failed', password: 'hunter2"x' });
    report.log('warning', 'retrying with hunter2"x');
    expect(r.events()).to.deep.equal([
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: {
          level: 'error',
          logger: 'email',
          data: { detail: 'login with [redacted] failed', password: '[redacted]' },
        },
      },
      {
        jsonrpc: '2.0',
        method: 'notifications/message',
        params: { level: 'warning', logger: 'email', data: 'retrying with [redacted]' },
      },
    ]);
  });
});
