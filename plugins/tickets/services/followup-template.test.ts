import { expect } from 'chai';
import { composeFollowup, followupLanguage } from './followup-template.js';

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

  it('writes in the resolution’s language, and in the shop’s when the resolution does not tell', () => {
    // An English resolution in a Spanish shop: the whole message is English, never Spanish around English.
    const english = 'We will deliver your order tomorrow morning.';
    expect(followupLanguage(english, 'es-ES')).to.equal('en');
    expect(composeFollowup({ ...parts, resolution: english, locale: followupLanguage(english, 'es-ES') })).to.match(
      /^Hello Ana, this is Tienda Sol following up on your request\.\n\nWe will deliver/,
    );
    expect(followupLanguage('Tu pedido llegará mañana por la mañana.', 'en')).to.equal('es');
    expect(followupLanguage('OK', 'es-ES')).to.equal('es-ES');
  });

  it('greets without a name when there is none, and falls back to English', () => {
    expect(composeFollowup({ ...parts, customerName: null, locale: 'fi' })).to.match(/^Hello, this is Tienda Sol/);
  });
});
