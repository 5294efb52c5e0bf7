import { fileURLToPath } from 'node:url';

/** The config entry enabling the service probe fixture group. */
export const serviceProbe = {
  enabled: true,
  resolve: fileURLToPath(new URL('./fixtures/service-probe/index.ts', import.meta.url)),
};
