import { expect } from 'chai';
import { isUnsubscribeIntent, languageOfLocale } from '../languages.js';
import { fillTemplate, formatShopTime, languageOfPhone, parseShopTime } from '../../../../core/index.js';
import { publicUrlProblem } from './public-url.js';
import { mimeTypeOf } from './engine/media-mime.js';
import { checkCron, nextOccurrences } from './recurrence.js';
import { csvLines } from './campaign-csv.js';
import { readUnsubscribeToken, unsubscribeToken } from '../audience/unsubscribe-link.js';
import { SecretBox } from '../../../../test/helpers/kernel-internals.js';
import type { RecipientRow } from '../payloads.js';

describe('mass_marketing campaign helpers', () => {
  it('tells an unsubscribe request in every supported language from a conversation', () => {
    for (const text of [
      'STOP',
      'Stop.',
      'BAJA',
      'Baja por favor!',
      'quiero darme de baja',
      'unsubscribe me please',
      'Bitte abmelden',
      'STOPP',
      'Je veux me désabonner',
      'Arrêter',
      'quero sair',
      'Disiscrivimi',
      'basta',
      'Leiratkozás',
      'leiratkozom',
    ]) {
      expect(isUnsubscribeIntent(text), text).to.equal(true);
    }
    for (const text of [
      'Hola, ¿cuánto cuesta?',
      'Gracias!',
      '',
      null,
      'I would like to know whether this offer will stop being available next week',
      'bajamos mañana',
      'stopwatch',
    ]) {
      expect(isUnsubscribeIntent(text), String(text)).to.equal(false);
    }
  });

  it('reads the language from the phone prefix and the shop locale', () => {
    expect(languageOfPhone('+34612345678')).to.equal('es');
    expect(languageOfPhone('+4915112345678')).to.equal('de');
    expect(languageOfPhone('+33612345678')).to.equal('fr');
    expect(languageOfPhone('+36201234567')).to.equal('hu');
    expect(languageOfPhone('+5511987654321')).to.equal('pt');
    expect(languageOfPhone('+447911123456')).to.equal('en');
    expect(languageOfPhone('+81312345678')).to.equal(null);
    expect(languageOfLocale('it-IT')).to.equal('it');
    expect(languageOfLocale('ja-JP')).to.equal(null);
  });

  it('parses times on the shop clock across DST, with offsets, and formats them back', () => {
    expect(parseShopTime('2030-03-31 02:30:00', 'Europe/Madrid', 'at').toISOString()).to.equal(
      '2030-03-31T01:30:00.000Z',
    );
    expect(parseShopTime('2030-10-27 12:00', 'Europe/Madrid', 'at').toISOString()).to.equal('2030-10-27T11:00:00.000Z');
    expect(parseShopTime('2030-06-01T12:00:00-03:00', 'Europe/Madrid', 'at').toISOString()).to.equal(
      '2030-06-01T15:00:00.000Z',
    );
    expect(formatShopTime(new Date('2030-06-01T15:00:00Z'), 'Asia/Tokyo')).to.equal('2030-06-02 00:00:00');
    expect(() => parseShopTime('2030-06-01T25:00:00', 'UTC', 'at')).to.throw(/not/);
    expect(() => parseShopTime('2030-06-01T12:00:00+15:00', 'UTC', 'at')).to.throw(/offset/);
  });

  it('accepts only public http(s) media URLs', () => {
    expect(publicUrlProblem('https://cdn.example.com/a.png')).to.equal(null);
    expect(publicUrlProblem('http://93.184.216.34/a.png')).to.equal(null);
    for (const url of [
      'file:///etc/passwd',
      'http://10.0.0.1/a',
      'http://172.20.1.1/a',
      'http://169.254.169.254/latest',
      'http://[fd00::1]/a',
      'http://[::ffff:127.0.0.1]/a',
      'http://printer.local/a',
      'http://intranet/a',
    ]) {
      expect(publicUrlProblem(url), url).to.be.a('string');
    }
  });

  it('picks the MIME type from the extension when it fits the media type', () => {
    expect(mimeTypeOf('image', 'https://x.example.com/a.PNG')).to.equal('image/png');
    expect(mimeTypeOf('image', 'https://x.example.com/a.pdf')).to.equal('image/jpeg');
    expect(mimeTypeOf('document', 'https://x.example.com/download?id=1', 'terms.pdf')).to.equal('application/pdf');
    expect(mimeTypeOf('video', 'https://x.example.com/clip')).to.equal('video/mp4');
  });

  it('follows cron occurrences in the shop timezone', () => {
    expect(checkCron(' 0  9 * * 1-5 ')).to.equal('0 9 * * 1-5');
    const [a, b] = nextOccurrences('0 9 * * *', 'America/New_York', 2, new Date('2030-03-09T12:00:00Z'));
    // 09:00 EST, then 09:00 EDT: the shop's clock, across the DST change of March 10.
    expect(a!.toISOString()).to.equal('2030-03-09T14:00:00.000Z');
    expect(b!.toISOString()).to.equal('2030-03-10T13:00:00.000Z');
  });

  it('fills the template variables and leaves other braces alone', () => {
    expect(
      fillTemplate('Hola {nombre} ({telefono}) de {tienda} {otro}', {
        nombre: 'Ana',
        telefono: '+34600',
        tienda: 'Tienda',
      }),
    ).to.equal('Hola Ana (+34600) de Tienda {otro}');
    // A contact without a name: the variable goes with the space before it, never "Hola !".
    expect(fillTemplate('Hola {nombre}!', { nombre: null, telefono: '+34600', tienda: 'T' })).to.equal('Hola!');
  });

  it('quotes CSV cells and defuses formulas', () => {
    const row = {
      id: '7',
      run_id: 1,
      phone: '+34600111222',
      name: '=HYPERLINK("x")',
      status: 'sent',
      reason: 'a, "b"',
      created_at: '2030-01-01 00:00:00+00',
    } as unknown as RecipientRow;
    const line = csvLines([row]);
    expect(line).to.match(/^7,1,\+34600111222,"'=HYPERLINK\(""x""\)",sent,"a, ""b""",/);
    expect(line.endsWith('2030-01-01T00:00:00.000Z\r\n')).to.equal(true);
  });

  it('signs unsubscribe links per recipient and refuses altered ones', () => {
    const box = new SecretBox('a-secret-a-secret-a-secret-0123');
    const token = unsubscribeToken(box, 3, 42);
    expect(token).to.equal(unsubscribeToken(box, 3, 42));
    expect(readUnsubscribeToken(box, token)).to.deep.equal({ shopId: 3, recipientId: 42 });
    expect(readUnsubscribeToken(box, token.replace('3.42.', '3.43.'))).to.equal(null);
    expect(readUnsubscribeToken(new SecretBox('another-secret-another-secret-01'), token)).to.equal(null);
  });
});
