import { expect } from 'chai';
import { fillTemplate, fillVariables, unknownVariables } from './message-template.js';

describe('message templates', () => {
  it('fills the variables given and leaves other braces as written', () => {
    expect(fillTemplate('Hola {nombre} de {tienda} {otro} {}', { nombre: 'Ana', tienda: 'Sol' })).to.equal(
      'Hola Ana de Sol {otro} {}',
    );
    expect(fillTemplate('{toString} {nombre}{nombre}', { nombre: 'x' })).to.equal('{toString} xx');
  });

  it('drops a variable with no value together with the space and punctuation that joined it', () => {
    const empty = { nombre: null, enlace: '', tienda: 'Sol' };
    const cases: [string, string][] = [
      ['Hola {nombre}! We are open until 8.', 'Hola! We are open until 8.'],
      ['Thanks {nombre}, a colleague will answer soon.', 'Thanks, a colleague will answer soon.'],
      ['¡Hola {nombre}! Gracias por escribir a {tienda}.', '¡Hola! Gracias por escribir a Sol.'],
      ['Gracias, {nombre}.', 'Gracias.'],
      ['{nombre}, tu pedido está listo.', 'tu pedido está listo.'],
      ['Hola {nombre}\n{nombre}: tu pedido', 'Hola\ntu pedido'],
      ['Aquí lo tienes: {enlace} — {tienda}', 'Aquí lo tienes — Sol'],
      ['Tu cita ({nombre}) es mañana', 'Tu cita es mañana'],
      ['Hola {nombre} {enlace}', 'Hola'],
      ['{nombre}', ''],
    ];
    for (const [template, expected] of cases) expect(fillTemplate(template, empty), template).to.equal(expected);
    expect(fillTemplate('Hola {nombre}!', { nombre: '   ' })).to.equal('Hola!');
    expect(fillTemplate('Hola {nombre}! {otro}', { nombre: null })).to.equal('Hola! {otro}');
  });

  it('applies the same rule to a template language of its own', () => {
    const pattern = /\{(var\.)?([a-z]+)\}/g;
    const vars: Record<string, string> = { code: 'A1' };
    const fill = (text: string) =>
      fillVariables(text, pattern, (_whole, isVar, name) =>
        isVar ? (vars[name!] ?? null) : name === 'x' ? 'X' : undefined,
      );
    expect(fill('Code {var.code}, {x} {y}')).to.equal('Code A1, X {y}');
    expect(fill('Your number: {var.order}. Thanks')).to.equal('Your number. Thanks');
  });

  it('names the unknown variables once each, in order', () => {
    expect(unknownVariables('{b} {a} {b} {nombre}', ['nombre'])).to.deep.equal(['b', 'a']);
    expect(unknownVariables('no variables', ['nombre'])).to.deep.equal([]);
  });
});
