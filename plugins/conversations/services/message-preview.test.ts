import { expect } from 'chai';
import { messagePreview, PREVIEW_LENGTH } from './message-preview.js';

describe('conversations: message preview', () => {
  it('shows the text on one line', () => {
    expect(messagePreview('  Hello\n\nthere\t friend ', null)).to.equal('Hello there friend');
  });

  it('cuts long text to the column length with an ellipsis, never splitting an emoji', () => {
    const preview = messagePreview(`${'a'.repeat(PREVIEW_LENGTH - 2)}😀😀😀`, null);
    expect([...preview]).to.have.length(PREVIEW_LENGTH);
    expect(preview.endsWith('😀…')).to.equal(true);
    expect(messagePreview('b'.repeat(PREVIEW_LENGTH), null)).to.equal('b'.repeat(PREVIEW_LENGTH));
  });

  it('a media message shows its kind and its caption, else its file name', () => {
    expect(messagePreview(null, { mime_type: 'image/jpeg', caption: 'The parcel' })).to.equal('[image] The parcel');
    expect(messagePreview('', { mime_type: 'application/pdf', filename: 'invoice.pdf' })).to.equal(
      '[document] invoice.pdf',
    );
    expect(messagePreview('   ', { mime_type: 'audio/ogg' })).to.equal('[audio]');
  });

  it('text wins over media', () => {
    expect(messagePreview('See attached', { mime_type: 'video/mp4', caption: 'clip' })).to.equal('See attached');
  });

  it('a message with neither is an empty preview', () => {
    expect(messagePreview(null, null)).to.equal('');
  });
});
