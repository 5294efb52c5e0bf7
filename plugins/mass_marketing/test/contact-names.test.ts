import { expect } from 'chai';
import type { TestKernel } from '../../../test/helpers/boot.js';
import { bootOps, caller, connectedLine, customerWrites, freshPhone, rows } from '../../../test/helpers/ops-kernel.js';
import { waitFor } from '../../../test/helpers/wait-for.js';

describe('mass_marketing: a contact list names the customers other groups create', function () {
  this.timeout(60_000);
  let k: TestKernel;
  let c: ReturnType<typeof caller>;
  let token: string;
  let line: { id: number; session_key: string };

  before(async () => {
    k = await bootOps({
      groups: ['customers', 'conversations', 'agents', 'tickets', 'mass_marketing', 'automation'],
      groupConfigs: { automation: { worker: { pollMs: 50, leaseSeconds: 5 } } },
    });
    ({ token } = await k.shops.create({ name: 'Tienda Mar', locale: 'es-ES', credits: 1_000_000 }));
    c = caller(k, token);
    line = await connectedLine(k, token);
  });
  after(() => k?.close());

  const listed = async (contacts: { phone: string; name?: string }[]) => {
    const { list } = await c.ok('create_contact_list', { action: 'create', name: `List ${freshPhone()}` });
    await c.ok('add_contacts_to_list', { action: 'add', list_id: list.id, contacts });
  };

  it('a customer made by a ticket takes the name a contact list gives the phone', async () => {
    const [named, unnamed] = [freshPhone(), freshPhone()];
    await listed([{ phone: named, name: '  Lucía Pérez ' }, { phone: unnamed }]);
    await c.ok('create_ai_ticket', { action: 'create', title: 'Pedido', phone: named });
    await c.ok('create_ai_ticket', { action: 'create', title: 'Pedido', phone: unnamed });
    expect((await c.ok('get_customer', { phone: named })).customer.name).to.equal('Lucía Pérez');
    expect((await c.ok('get_customer', { phone: unnamed })).customer.name).to.equal(null);
  });

  it('a customer made by an inbound message is named too, and an auto-reply greets them by that name', async () => {
    const phone = freshPhone();
    await listed([{ phone, name: 'Marta' }]);
    await c.ok('create_auto_reply_rule', {
      type: 'keyword',
      name: 'Horario',
      keywords: ['horario'],
      reply_text: 'Hola {nombre}! Abrimos de 9 a 18.',
    });
    const res = await customerWrites(k, token, line.session_key, phone, '¿horario?');
    expect(res.status).to.equal(201);
    const [sent] = await waitFor('the auto-reply', async () => {
      const found = await rows(
        k,
        `select text from chatapp_messages where phone = ? and direction = 'outbound' and idempotency_key like 'workflow-run-%'`,
        [phone],
      );
      return found.length > 0 && found;
    });
    expect(sent.text).to.equal('Hola Marta! Abrimos de 9 a 18.');
    expect((await c.ok('get_customer', { phone })).customer.name).to.equal('Marta');
  });

  it('never replaces a name the customer already has', async () => {
    const phone = freshPhone();
    await c.ok('create_ai_ticket', { action: 'create', title: 'Primero', phone });
    await c.ok('update_customer', { phone, name: 'Ana (agente)' });
    await listed([{ phone, name: 'Ana de la lista' }]);
    await c.ok('create_ai_ticket', { action: 'create', title: 'Segundo', phone });
    expect((await c.ok('get_customer', { phone })).customer.name).to.equal('Ana (agente)');
  });
});
