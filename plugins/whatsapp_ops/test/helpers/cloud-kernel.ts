import { expect } from 'chai';
import type { TestKernel } from '../../../../test/helpers/boot.js';
import { bootOps, ok, type OpsKernelOptions } from '../../../../test/helpers/ops-kernel.js';
import { GraphApiFake, type FakeTemplate, type GraphFakeOptions } from '../fakes/graph-api-fake.js';

export const WABA = '102290129340398';
export const NUMBER = { id: '106540352242922', display_phone_number: '+34 711 00 01 00', verified_name: 'Tienda Luna' };
/** A second number of the same account. */
export const NUMBER2 = {
  id: '106540352242923',
  display_phone_number: '+34 711 00 01 01',
  verified_name: 'Tienda Luna',
};
export const LINE_PHONE = '+34711000100';
export const TOKEN = 'EAAJB-test-token-abcdefghijklmnopqrstuvwxyz';
export const APP_SECRET = 'test-app-secret-0123456789abcdef';
export const VERIFY_TOKEN = 'verify-me-please';

/** A utility template with two body placeholders, a marketing one with an image header, and one pending. */
export const TEMPLATES: FakeTemplate[] = [
  {
    name: 'order_update',
    language: 'es_ES',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [
      { type: 'BODY', text: 'Hola {{1}}, tu pedido {{2}} está en camino.' },
      { type: 'FOOTER', text: 'Tienda Luna' },
    ],
  },
  {
    name: 'spring_sale',
    language: 'es_ES',
    status: 'APPROVED',
    category: 'MARKETING',
    parameter_format: 'NAMED',
    components: [
      { type: 'HEADER', format: 'IMAGE' },
      { type: 'BODY', text: '¡{{first_name}}, llegó la primavera!' },
      { type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Ver', url: 'https://luna.example/s/{{1}}' }] },
    ],
  },
  {
    name: 'new_arrivals',
    language: 'es_ES',
    status: 'PENDING',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Novedades' }],
  },
];

export interface CloudKernel {
  k: TestKernel;
  fake: GraphApiFake;
  shopId: number;
  token: string;
  provider: any;
  line: any;
  /** The shop's webhook URL for the provider. */
  webhookUrl: string;
}

/**
 * A listening kernel with whatsapp_ops pointed at a Graph API fake, a shop whose Cloud API
 * provider is configured through the tool (the fake's app subscribed to its webhook URL), and
 * the account's number connected as a line.
 */
export async function cloudKernel(
  options: { ops?: OpsKernelOptions; fake?: GraphFakeOptions; templates?: FakeTemplate[]; secondNumber?: boolean } = {},
): Promise<CloudKernel> {
  const fake = await new GraphApiFake(options.fake).start();
  const numbers = options.secondNumber ? [NUMBER, NUMBER2] : [NUMBER];
  fake.addAccount({ wabaId: WABA, token: TOKEN, numbers, templates: options.templates ?? TEMPLATES });
  const k = await bootOps({
    probe: true,
    ...options.ops,
    config: {
      ...options.ops?.config,
      // Tests write to one customer many times in a row; the pair pace has tests of its own.
      cloudApi: { baseUrl: fake.url, timeoutMs: 3000, pairIntervalMs: 0, ...options.ops?.config?.cloudApi },
    },
    kernel: { jobs: { enabled: false }, ...options.ops?.kernel },
  });
  await k.listen();
  const { shopId, token } = await k.newShop('Cloud shop', { credits: 100_000 });
  const { provider, offered_lines } = await ok(k, token, 'configure_chatapp_provider', {
    label: 'Meta',
    cloud_api: { waba_id: WABA, access_token: TOKEN, app_secret: APP_SECRET, verify_token: VERIFY_TOKEN },
  });
  expect(offered_lines).to.deep.equal(
    numbers.map((n) => ({ external_id: n.id, phone: n.display_phone_number, name: n.verified_name })),
  );
  fake.subscribe(WABA, { url: provider.webhook_url, appSecret: APP_SECRET });
  const { session: line } = await ok(k, token, 'connect_chatapp', {
    label: 'Official',
    provider_id: provider.id,
    phone_number_id: NUMBER.id,
  });
  return { k, fake, shopId, token, provider, line, webhookUrl: provider.webhook_url };
}
