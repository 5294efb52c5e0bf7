import { expect } from 'chai';
import { bootKernel, type TestKernel } from '../../../test/helpers/boot.js';
import { fails, ok } from '../../../test/helpers/ops-kernel.js';

describe('advanced: CRM field definitions and the CSV export', function () {
  this.timeout(60_000);

  let k: TestKernel;
  let shop: { shopId: number; token: string };
  const call = {
    ok: (tool: string, args: Record<string, unknown> = {}) => ok(k, shop.token, tool, args),
    fails: (tool: string, args: Record<string, unknown>, code: string) => fails(k, shop.token, tool, args, code),
  };
  const contact = async (number: string) =>
    (await call.ok('create_crm_customer', { action: 'create', whatsapp_number: number })).crm_customer.id;

  before(async () => {
    k = await bootKernel({ groups: ['advanced', 'crm', 'customers'] });
    shop = await k.newShop('CRM fields shop');
  });
  after(async () => {
    await k?.close();
  });

  it('defines typed fields, and update_crm_customer is checked against them', async () => {
    const tier = (
      await call.ok('create_crm_field_definition', {
        key: 'tier',
        label: 'Tier',
        type: 'select',
        options: ['gold', 'silver', ' gold '],
        required: true,
      })
    ).definition;
    expect(tier).to.deep.include({
      key: 'tier',
      type: 'select',
      options: ['gold', 'silver'],
      required: true,
      show_to_ai: true,
    });
    await call.ok('create_crm_field_definition', { key: 'budget', label: 'Budget', type: 'number' });
    await call.ok('create_crm_field_definition', { key: 'renewal', label: 'Renewal', type: 'date' });
    await call.ok('create_crm_field_definition', { key: 'site', label: 'Site', type: 'url', show_to_ai: false });
    const id = await contact('+34600300001');
    const refused = await call.fails(
      'update_crm_customer',
      {
        crm_customer_id: id,
        custom_fields: { tier: 'bronze', budget: 'lots', renewal: '2026-02-30', site: 'ftp://x', free: 'anything' },
      },
      'invalid_arguments',
    );
    expect(refused.errors.map((e: any) => e.path)).to.deep.equal([
      'custom_fields.tier',
      'custom_fields.budget',
      'custom_fields.renewal',
      'custom_fields.site',
    ]);
    const fine = await call.ok('update_crm_customer', {
      crm_customer_id: id,
      custom_fields: {
        tier: 'gold',
        budget: 1200.5,
        renewal: '2027-01-31',
        site: 'https://shop.example',
        free: 'anything',
      },
    });
    expect(fine.crm_customer.custom_fields).to.deep.equal({
      tier: 'gold',
      budget: 1200.5,
      renewal: '2027-01-31',
      site: 'https://shop.example',
      free: 'anything',
    });
    await call.fails(
      'update_crm_customer',
      { crm_customer_id: id, custom_fields: { tier: null } },
      'invalid_arguments',
    );
    await call.ok('update_crm_customer', { crm_customer_id: id, custom_fields: { budget: null } });
  });

  it('refuses bad definitions; lists them in order', async () => {
    await call.fails('create_crm_field_definition', { key: 'tier', label: 'Again', type: 'text' }, 'conflict');
    await call.fails('create_crm_field_definition', { key: '-bad', label: 'Bad', type: 'text' }, 'invalid_arguments');
    await call.fails(
      'create_crm_field_definition',
      { key: 'color', label: 'Color', type: 'select' },
      'invalid_arguments',
    );
    await call.fails(
      'create_crm_field_definition',
      { key: 'note2', label: 'N', type: 'text', options: ['a'] },
      'invalid_arguments',
    );
    const { definitions, count } = await call.ok('list_crm_field_definitions');
    expect(count).to.equal(4);
    expect(definitions.map((d: any) => d.key)).to.deep.equal(['tier', 'budget', 'renewal', 'site']);
  });

  it('a type changes only while no record has a value; delete may remove the values too', async () => {
    const { definitions } = await call.ok('list_crm_field_definitions');
    const byKey = Object.fromEntries(definitions.map((d: any) => [d.key, d]));
    const typeChange = await call.fails(
      'update_crm_field_definition',
      { definition_id: byKey.tier.id, type: 'text' },
      'invalid_state',
    );
    expect(typeChange).to.include({ action: 'change_type', values: 1 });
    const budget = await call.ok('update_crm_field_definition', {
      definition_id: byKey.budget.id,
      type: 'text',
      label: 'Budget note',
    });
    expect(budget.definition).to.include({ type: 'text', label: 'Budget note' });
    await call.ok('update_crm_field_definition', {
      definition_id: byKey.tier.id,
      options: ['gold', 'silver', 'bronze'],
    });
    const id = (await call.ok('list_crm_customers', {})).crm_customers[0].id;
    await call.ok('update_crm_customer', { crm_customer_id: id, custom_fields: { tier: 'bronze' } });
    const kept = await call.ok('delete_crm_field_definition', { definition_id: byKey.site.id });
    expect(kept).to.deep.include({ deleted: true, values_deleted: 0 });
    expect((await call.ok('get_crm_customer', { crm_customer_id: id })).crm_customer.custom_fields.site).to.equal(
      'https://shop.example',
    );
    const gone = await call.ok('delete_crm_field_definition', { definition_id: byKey.renewal.id, delete_values: true });
    expect(gone.values_deleted).to.equal(1);
    expect(
      (await call.ok('get_crm_customer', { crm_customer_id: id })).crm_customer.custom_fields,
    ).to.not.have.property('renewal');
    await call.fails('delete_crm_field_definition', { definition_id: byKey.renewal.id }, 'not_found');
  });

  it('exports CSV with custom fields as columns, escaping quotes, line breaks and formulas', async () => {
    const id = await contact('+34600300002');
    await call.ok('update_crm_customer', {
      crm_customer_id: id,
      name: '=HYPERLINK("http://evil")',
      company: 'Acme, "Best"\nLtd',
      custom_fields: { tier: 'silver', budget: '@sum' },
    });
    const { csv, rows, columns, truncated } = await call.ok('export_crm_customers_csv');
    expect(rows).to.equal(2);
    expect(truncated).to.equal(false);
    expect(columns).to.deep.equal([
      'id',
      'whatsapp_number',
      'name',
      'email',
      'company',
      'stage',
      'created_at',
      'updated_at',
      'tier',
      'budget',
    ]);
    const lines = csv.split('\r\n');
    expect(lines[0]).to.equal(columns.join(','));
    expect(csv).to.include(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).to.include('"Acme, ""Best""\nLtd"');
    expect(csv).to.include(",silver,'@sum");
    const only = await call.ok('export_crm_customers_csv', { query: '300001', fields: ['tier'] });
    expect(only.rows).to.equal(1);
    expect(only.csv.split('\r\n')[1]).to.match(/,bronze$/);
  });

  it('another shop sees none of it', async () => {
    const other = await k.newShop('Other CRM shop');
    const { definitions } = await call.ok('list_crm_field_definitions');
    await fails(
      k,
      other.token,
      'update_crm_field_definition',
      { definition_id: definitions[0].id, label: 'x' },
      'not_found',
    );
    await fails(k, other.token, 'delete_crm_field_definition', { definition_id: definitions[0].id }, 'not_found');
    expect((await ok(k, other.token, 'list_crm_field_definitions')).count).to.equal(0);
    expect((await ok(k, other.token, 'export_crm_customers_csv')).rows).to.equal(0);
  });

  it('without the crm group the tools say so', async () => {
    const bare = await bootKernel({ groups: ['advanced'] });
    try {
      const { token } = await bare.newShop('No CRM');
      await fails(bare, token, 'list_crm_field_definitions', {}, 'group_not_enabled');
    } finally {
      await bare.close();
    }
  });
});
