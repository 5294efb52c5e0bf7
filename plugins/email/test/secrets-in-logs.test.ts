import { expect } from 'chai';

import { PassThrough } from 'node:stream';
import { bootKernel } from '../../../test/helpers/boot.js';
import { caller, newMailbox, type MailWorld } from './helpers.js';
import { dovecot } from '../../../test/helpers/mail-servers/dovecot.js';
import { SmtpSink } from '../../../test/helpers/mail-servers/smtp-sink.js';

describe('email: passwords never reach a log line, an answer, a confirmation or the activity log', () => {
  it('logs every call of a create, a failed login and a test at info level without the password anywhere', async () => {
    const imap = await dovecot();
    const smtp = await new SmtpSink({ imap }).start();
    const lines: string[] = [];
    const logStream = new PassThrough();
    logStream.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
    const k = await bootKernel({
      groups: ['agents', 'activity', 'email'],
      logStream,
      overrides: { groups: { email: { enabled: true, config: { trustedCaPem: imap.caPem } } } },
    });
    try {
      const shop = await k.newShop('Secret shop');
      const c = caller(k, shop.token);
      const world = { k, imap, smtp } as MailWorld;
      const box = newMailbox(world);
      const wrong = 'Wr0ng-Passw0rd-Secret';
      const answers: unknown[] = [];
      answers.push(await c.fails('create_email_account', { ...box.args, imap_password: wrong }, 'connection_failed'));
      answers.push((await k.call(shop.token, 'create_email_account', box.args)).payload);
      const { account } = await c.ok('create_email_account', { ...box.args, confirm: true });
      answers.push(account);
      const { action: _action, ...fields } = box.args;
      answers.push(await c.ok('test_email_account', { ...fields, imap_password: wrong }));
      answers.push(await c.ok('list_activity', {}));
      const everything = JSON.stringify(answers) + lines.join('');
      expect(lines.length, 'info-level lines were written').to.be.greaterThan(3);
      for (const secret of [box.password, wrong]) expect(everything).not.to.include(secret);
    } finally {
      await k.close();
      await smtp.stop();
    }
  });
});
