import { expect } from 'chai';
import { foldAccents, foldWords } from './fold.js';
import { escapeHtml } from './html.js';
import { isoOrNull } from './iso-date.js';

describe('kernel helpers shared by the groups', () => {
  it('isoOrNull writes a Date or a driver timestamp as ISO 8601 UTC, and nothing as null', () => {
    expect(isoOrNull(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).to.equal('2026-01-02T03:04:05.000Z');
    expect(isoOrNull('2026-01-02 04:04:05+01')).to.equal('2026-01-02T03:04:05.000Z');
    expect(isoOrNull(null)).to.equal(null);
    expect(isoOrNull(undefined)).to.equal(null);
  });

  it('escapeHtml escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).to.equal(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;',
    );
  });

  it('foldAccents drops case and accents; foldWords also punctuation, to single spaces', () => {
    expect(foldAccents('Envío ÁRBOL Ñandú')).to.equal('envio arbol nandu');
    expect(foldWords('  ¡Darme de BAJA,   por favor!  ')).to.equal('darme de baja por favor');
    expect(foldWords('Keine Nachrichten mehr — danke.')).to.equal('keine nachrichten mehr danke');
  });
});
