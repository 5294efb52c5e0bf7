import { expect } from 'chai';
import { composeFollowup } from './followup-template.js';

describe('tickets follow-up template', () => {
  const parts = { shopName: 'Tienda Sol', customerName: 'Ana', resolution: 'Your refund is on its way.' };

  it('frames the resolution in the shop language, greeting the customer by name', () => {
    expect(composeFollowup({ ...parts, locale: 'en' })).to.equal(
      'Hello Ana, this is Tienda Sol following up on your request.\n\nYour refund is on its way.\n\nIf you need anything else, just reply to this message.',
    );
    expect(composeFollowup({ ...parts, locale: 'es-ES' }))
      .to.match(/^Hola Ana, te escribimos de Tienda Sol/)
      .and.include('Your refund is on its way.');
  });

  it('greets without a name when there is none, and falls back to English', () => {
    expect(composeFollowup({ ...parts, customerName: null, locale: 'fi' })).to.match(/^Hello, this is Tienda Sol/);
  });
});
