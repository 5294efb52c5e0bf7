import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { balanceOf, caller, connectedLine } from '../../../test/helpers/ops-kernel.js';
import { inShop } from '../../../test/fixtures/service-probe/index.js';
import type { GraphApiFake } from './fakes/graph-api-fake.js';
import { cloudKernel, WABA } from './helpers/cloud-kernel.js';

const CUSTOMER = '+34600400500';

describe('whatsapp_ops Cloud API templates: synced from the account, checked, filled in and sent outside the 24-hour window', () => {
  let k: TestKernel;
  let fake: GraphApiFake;
  let shopId: number;
  let token: string;
  let call: ReturnType<typeof caller>;
  let provider: any;
  let line: any;

  const templateRequests = () => fake.sent.filter((m) => m.type === 'template');

  before(async () => {
    ({ k, fake, shopId, token, provider, line } = await cloudKernel());
    call = caller(k, token);
  });
  after(async () => {
    await fake?.close();
    await k?.close();
  });

  it('sync_chatapp_templates reads every page of the account and keeps the copy; list_chatapp_templates shows it', async () => {
    const before = fake.requests.filter((r) => r.path.endsWith('/message_templates')).length;
    const synced = await call.ok('sync_chatapp_templates', {});
    expect(synced.providers).to.deep.equal([
      { provider_id: provider.id, templates: 3, removed: 0, by_status: { approved: 2, pending: 1 } },
    ]);
    // The fake pages by two: the client followed the cursor.
    expect(fake.requests.filter((r) => r.path.endsWith('/message_templates')).length - before).to.equal(2);
    const approved = await call.ok('list_chatapp_templates', { status: 'approved' });
    expect(approved.templates.map((t: any) => [t.name, t.language, t.category, t.parameter_format])).to.deep.equal([
      ['order_update', 'es_ES', 'utility', 'positional'],
      ['spring_sale', 'es_ES', 'marketing', 'named'],
    ]);
    expect((await call.ok('list_chatapp_templates', {})).count).to.equal(3);
  });

  it('sends a positional template to a customer who never wrote; the record shows the text as read', async () => {
    const before = await balanceOf(k, shopId);
    const { message, sandbox } = await call.ok('send_chatapp_template', {
      phone: CUSTOMER,
      template_name: 'order_update',
      body_parameters: ['Ana', 'A-1001'],
    });
    expect(sandbox).to.equal(false);
    expect(message).to.include({
      session_id: line.id,
      status: 'sent',
      text: 'Hola Ana, tu pedido A-1001 está en camino.\n\nTienda Luna',
      credits_charged: 500,
    });
    expect(message.template).to.deep.equal({
      name: 'order_update',
      language: 'es_ES',
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'A-1001' },
          ],
        },
      ],
    });
    expect(await balanceOf(k, shopId)).to.equal(before - 500);
    const [request] = templateRequests();
    expect(request!.body).to.deep.include({
      type: 'template',
      to: CUSTOMER.slice(1),
      template: { name: 'order_update', language: { code: 'es_ES' }, components: message.template.components },
    });
  });

  it('a named template with image header and a URL button', async () => {
    const { message } = await call.ok('send_chatapp_template', {
      phone: CUSTOMER,
      template_name: 'spring_sale',
      language: 'es_ES',
      body_parameters: { first_name: 'Ana' },
      header_media: { link: 'https://luna.example/spring.jpg' },
      button_parameters: [{ index: 0, value: 'spring' }],
      session_id: line.id,
    });
    expect(message.text).to.equal('[image]\n\n¡Ana, llegó la primavera!');
    expect(templateRequests().at(-1)!.body.template).to.deep.equal({
      name: 'spring_sale',
      language: { code: 'es_ES' },
      components: [
        { type: 'header', parameters: [{ type: 'image', image: { link: 'https://luna.example/spring.jpg' } }] },
        { type: 'body', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Ana' }] },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'spring' }] },
      ],
    });
  });

  it('refuses, before anything is sent or charged: wrong values, a template not approved or unknown', async () => {
    const before = await balanceOf(k, shopId);
    const sentBefore = fake.sent.length;
    const short = await call.fails(
      'send_chatapp_template',
      { phone: CUSTOMER, template_name: 'order_update', body_parameters: ['Ana'] },
      'template_parameters_mismatch',
    );
    expect(short).to.include({ part: 'body' });
    expect(short.expected).to.deep.equal(['1', '2']);
    await call.fails(
      'send_chatapp_template',
      {
        phone: CUSTOMER,
        template_name: 'spring_sale',
        body_parameters: ['Ana'],
        header_media: { link: 'https://luna.example/a.jpg' },
        button_parameters: [{ index: 0, value: 'x' }],
      },
      'template_parameters_mismatch',
    );
    await call.fails(
      'send_chatapp_template',
      {
        phone: CUSTOMER,
        template_name: 'spring_sale',
        body_parameters: { first_name: 'Ana' },
        button_parameters: [{ index: 0, value: 'x' }],
      },
      'template_parameters_mismatch',
    );
    const pending = await call.fails(
      'send_chatapp_template',
      { phone: CUSTOMER, template_name: 'new_arrivals' },
      'template_not_approved',
    );
    expect(pending.status).to.equal('pending');
    await call.fails(
      'send_chatapp_template',
      { phone: CUSTOMER, template_name: 'no_such_thing' },
      'template_not_found',
    );
    await call.fails(
      'send_chatapp_template',
      { phone: CUSTOMER, template_name: 'order_update', language: 'en_US', body_parameters: ['a', 'b'] },
      'template_not_found',
    );
    expect(fake.sent.length).to.equal(sentBefore);
    expect(await balanceOf(k, shopId)).to.equal(before);
  });

  it('a template paused at Meta is refused after the next sync; added and deleted ones follow', async () => {
    fake.setTemplateStatus(WABA, 'order_update', 'PAUSED');
    const synced = await call.ok('sync_chatapp_templates', { provider_id: provider.id });
    expect(synced.providers[0].by_status).to.deep.equal({ paused: 1, approved: 1, pending: 1 });
    await call.fails(
      'send_chatapp_template',
      { phone: CUSTOMER, template_name: 'order_update', body_parameters: ['a', 'b'] },
      'template_not_approved',
    );
    fake.setTemplateStatus(WABA, 'order_update', 'APPROVED');
    fake.addTemplate(WABA, {
      name: 'welcome',
      language: 'es_ES',
      status: 'APPROVED',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Bienvenida' }],
    });
    fake.removeTemplate(WABA, 'new_arrivals');
    expect((await call.ok('sync_chatapp_templates', {})).providers[0]).to.include({ templates: 3, removed: 1 });
    expect((await call.ok('list_chatapp_templates', {})).templates.map((t: any) => t.name)).to.deep.equal([
      'order_update',
      'spring_sale',
      'welcome',
    ]);
  });

  it('a sandbox line cannot send templates; a key repeated gives the first message, other values conflict', async () => {
    const sandboxLine = await connectedLine(k, token, { label: 'Sandbox' }, '+34711000888');
    const refused = await call.fails(
      'send_chatapp_template',
      { phone: CUSTOMER, template_name: 'welcome', session_id: sandboxLine.id },
      'not_supported',
    );
    expect(refused.session_id).to.equal(sandboxLine.id);
    const send = (body: string[]) =>
      inShop(k, shopId, ({ services }) =>
        services.chatappMessagingService.sendMany([
          {
            phone: CUSTOMER,
            template: { name: 'order_update', body },
            sessionId: line.id,
            automatic: true,
            idempotencyKey: 'tpl-1',
          },
        ]),
      );
    const [first] = await send(['Ana', 'A-7']);
    expect(first.error, JSON.stringify(first.error)).to.equal(undefined);
    const [again] = await send(['Ana', 'A-7']);
    expect(again.message.id).to.equal(first.message.id);
    expect(fake.sent.filter((m) => m.bizOpaque === 'tpl-1')).to.have.length(1);
    const [conflict] = await send(['Ana', 'A-8']);
    expect(conflict.error.code).to.equal('idempotency_conflict');
  });
});
