import { expect } from 'chai';
import { readFile } from 'node:fs/promises';
import { renderEventsDoc, EVENTS_DOC } from '../scripts/lib/render-events-doc.js';

describe('docs/events.md', () => {
  it('is what npm run docs:events generates from the surfaces now', async () => {
    const committed = await readFile(EVENTS_DOC, 'utf8').catch(() => '(missing)');
    expect(committed === renderEventsDoc(), 'docs/events.md is stale: run npm run docs:events').to.equal(true);
  });

  it('lists every event with its emitter, when it fires and its fields', () => {
    const text = renderEventsDoc();
    expect(text).to.include('| [`customers.merged`](#customersmerged) | customers |');
    expect(text).to.match(/## customers\.merged\n\nFired by merge_customers/);
    expect(text).to.include('| `primary_phone` | `string` |');
    expect(text).to.include('## whatsapp_ops.message_status');
  });

  it('says when every event fires: an event without a "When" (no JSDoc on its EventMap entry or payload type) fails', () => {
    const index = renderEventsDoc()
      .split('\n')
      .filter((line) => /^\| \[`[a-z_]+\.[a-z_]+`\]/.test(line));
    expect(index.length).to.be.greaterThan(40);
    const silent = index.filter((line) => line.split('|')[3]!.trim() === '').map((line) => line.split('`')[1]);
    expect(silent).to.deep.equal([]);
  });
});
