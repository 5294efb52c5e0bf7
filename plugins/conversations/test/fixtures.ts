/**
 * whatsapp_ops on the sandbox engine, with an engine name of this test file's own (files share the
 * database) and receipts fast enough to wait for. `readAfterMs: null`: messages are read only when a
 * test injects the receipt.
 */
export const sandboxConfig = (engineName: string) => ({
  enabled: true,
  config: { adapter: 'sandbox', sandbox: { engineName, deliveredAfterMs: 50, readAfterMs: null, pollIntervalMs: 20 } },
});
