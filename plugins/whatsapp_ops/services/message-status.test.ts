import { expect } from 'chai';
import { advanceStatus } from './message-status.js';

describe('whatsapp_ops: message status moves only forward', () => {
  it('advances sending → sent → delivered → read, also skipping steps', () => {
    expect(advanceStatus('sending', 'sent')).to.equal('sent');
    expect(advanceStatus('sent', 'delivered')).to.equal('delivered');
    expect(advanceStatus('delivered', 'read')).to.equal('read');
    expect(advanceStatus('sent', 'read')).to.equal('read');
  });

  it('never moves backwards and ignores repeats', () => {
    expect(advanceStatus('read', 'delivered')).to.equal(null);
    expect(advanceStatus('delivered', 'sent')).to.equal(null);
    expect(advanceStatus('sent', 'sent')).to.equal(null);
  });

  it('failed is final and only follows sending or sent', () => {
    expect(advanceStatus('sent', 'failed')).to.equal('failed');
    expect(advanceStatus('sending', 'failed')).to.equal('failed');
    expect(advanceStatus('delivered', 'failed')).to.equal(null);
    expect(advanceStatus('failed', 'read')).to.equal(null);
  });

  it('leaves inbound messages alone', () => {
    expect(advanceStatus('received', 'read')).to.equal(null);
  });
});
