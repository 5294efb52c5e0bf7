import { expect } from 'chai';
import { fillTemplate, unknownVariables } from './message-template.js';

describe('message templates', () => {
  it('fills the variables given and leaves other braces as written', () => {
    expect(fillTemplate('Hola {nombre} de {tienda} {otro} {}', { nombre: 'Ana', tienda: 'Sol' })).to.equal(
      'Hola Ana de Sol {otro} {}',
    );
    expect(fillTemplate('{toString} {nombre}{nombre}', { nombre: 'x' })).to.equal('{toString} xx');
  });

  it('names the unknown variables once each, in order', () => {
    expect(unknownVariables('{b} {a} {b} {nombre}', ['nombre'])).to.deep.equal(['b', 'a']);
    expect(unknownVariables('no variables', ['nombre'])).to.deep.equal([]);
  });
});
