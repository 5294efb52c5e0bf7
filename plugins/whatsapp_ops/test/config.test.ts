import { expect } from 'chai';
import { bootKernel } from '../../../test/helpers/boot.js';

describe('whatsapp_ops: configuration', () => {
  const boot = (config: Record<string, unknown>) =>
    bootKernel({ groups: ['whatsapp_ops'], overrides: { groups: { whatsapp_ops: { enabled: true, config } } } });
  const bootError = (config: Record<string, unknown>) =>
    boot(config).then(
      async (k) => {
        await k.close();
        expect.fail('boot should have failed');
      },
      (err) => err,
    );

  it('the session-service adapter needs sessionService { url, sharedSecret }', async () => {
    const err = await bootError({ adapter: 'session-service' });
    expect(err.code).to.equal('KRN_ERR_GROUP_CONFIG_INVALID');
    expect(err.message).to.match(
      /sessionService \{ url, sharedSecret \} is required when adapter is "session-service"/,
    );
  });

  it('refuses an unknown adapter, a short shared secret and unknown keys', async () => {
    expect((await bootError({ adapter: 'carrier-pigeon' })).code).to.equal('KRN_ERR_GROUP_CONFIG_INVALID');
    const short = await bootError({
      adapter: 'session-service',
      sessionService: { url: 'http://127.0.0.1:3100', sharedSecret: 'short' },
    });
    expect(short.message).to.match(/sharedSecret/);
    expect((await bootError({ messageCost: -1 })).code).to.equal('KRN_ERR_GROUP_CONFIG_INVALID');
    expect((await bootError({ colour: 'green' })).code).to.equal('KRN_ERR_GROUP_CONFIG_INVALID');
  });

  it('defaults: sandbox adapter, a 24 h window, 500 credits a message', async () => {
    const k = await boot({ sandbox: { engineName: `cfg-${process.pid}` } });
    try {
      const loaded = k.plugins.find((p) => p.plugin.name === 'whatsapp_ops')!.config as any;
      expect(loaded).to.deep.include({ adapter: 'sandbox', eligibilityWindowHours: 24, messageCost: 500 });
      expect(loaded.sandbox).to.include({
        engineName: `cfg-${process.pid}`,
        deliveredAfterMs: 1500,
        readAfterMs: 4000,
      });
      // In sandbox mode the session service's webhook route does not exist.
      expect(
        (await k.app.inject({ method: 'POST', url: '/webhooks/session-service', payload: {} })).statusCode,
      ).to.equal(404);
    } finally {
      await k.close();
    }
  });
});
