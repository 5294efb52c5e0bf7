/**
 * The built-in engine's reading of a prompt instruction: the common forms in the seven widget
 * languages (es, en, de, fr, pt, it, hu), each turned into one deterministic edit. Anything else
 * needs a language model. Patterns are tried in order: settings (tone, language, signature) before
 * replace, remove and add, so "always answer in English" sets the language rather than adding a
 * rule, and "change the tone to formal" is not a replacement.
 */
export type SettingKey = 'Tone' | 'Language' | 'Signature';

export type PromptEdit =
  | { op: 'add_rule'; text: string }
  | { op: 'remove'; target: string }
  | { op: 'replace'; from: string; to: string }
  | { op: 'set'; key: SettingKey; value: string };

type Build = (x: string, y: string) => PromptEdit;

// A verb followed by a space or a colon ("Add: …", "Ergänze: …"), never by more letters ("address").
const rx = (source: string) => new RegExp(`^\\s*${source}\\s*$`, 'iu');

const setting =
  (key: SettingKey): Build =>
  (x) => ({ op: 'set', key, value: value(x) });
const add: Build = (x) => ({ op: 'add_rule', text: sentence(x) });
const remove: Build = (x) => ({ op: 'remove', target: value(x) });
const replace: Build = (x, y) => ({ op: 'replace', from: value(x), to: value(y) });

const TONE: [RegExp, Build][] = [
  // en
  [rx(String.raw`(?:set|change|make)\s+(?:the\s+)?tone\s+(?:to|into)\s+(?<x>.+)`), setting('Tone')],
  [rx(String.raw`use\s+(?:an?\s+)?(?<x>.+?)\s+tone`), setting('Tone')],
  [rx(String.raw`(?:be|sound)\s+more\s+(?<x>.+)`), setting('Tone')],
  // es, it (usa un tono …)
  [
    rx(String.raw`(?:usa|utiliza|utilizza|adotta|pon|establece)\s+(?:un\s+|el\s+)?tono\s+(?:a\s+|en\s+)?(?<x>.+)`),
    setting('Tone'),
  ],
  [rx(String.raw`(?:cambia|imposta)\s+(?:el|il)\s+tono\s+(?:a|en|in|al)\s+(?<x>.+)`), setting('Tone')],
  [rx(String.raw`s[ée]\s+m[áa]s\s+(?<x>.+)`), setting('Tone')],
  [rx(String.raw`sii\s+pi[ùu]\s+(?<x>.+)`), setting('Tone')],
  // de
  [rx(String.raw`(?:verwende|nutze|benutze|w[äa]hle)\s+einen\s+(?<x>.+?)\s+ton`), setting('Tone')],
  [rx(String.raw`(?:setze|[äa]ndere|stelle)\s+den\s+ton\s+(?:auf|zu)\s+(?<x>.+)`), setting('Tone')],
  // fr
  [rx(String.raw`(?:utilise|adopte|prends)\s+un\s+ton\s+(?<x>.+)`), setting('Tone')],
  [rx(String.raw`(?:mets|change|passe)\s+le\s+ton\s+(?:en|à|a|au)\s+(?<x>.+)`), setting('Tone')],
  [rx(String.raw`sois\s+plus\s+(?<x>.+)`), setting('Tone')],
  // pt
  [rx(String.raw`(?:use|usa|utilize|adote)\s+um\s+tom\s+(?<x>.+)`), setting('Tone')],
  [rx(String.raw`(?:mude|altere|troque)\s+o\s+tom\s+para\s+(?<x>.+)`), setting('Tone')],
  [rx(String.raw`seja\s+mais\s+(?<x>.+)`), setting('Tone')],
  // hu
  [rx(String.raw`(?:haszn[áa]lj|legyen)\s+(?<x>.+?)\s+hangnem(?:et|e|ű)?`), setting('Tone')],
  // "Tone: …" in any of the languages
  [rx(String.raw`(?:tone|tono|ton|tom|hangnem)\s*:\s*(?<x>.+)`), setting('Tone')],
];

const LANGUAGE: [RegExp, Build][] = [
  [
    rx(String.raw`(?:always\s+)?(?:answer|reply|respond|write)\s+(?:always\s+|only\s+)?in\s+(?<x>.+)`),
    setting('Language'),
  ],
  [rx(String.raw`(?:set|change)\s+(?:the\s+)?language\s+to\s+(?<x>.+)`), setting('Language')],
  [
    rx(String.raw`(?:siempre\s+)?(?:responde|contesta|escribe)\s+(?:siempre\s+|solo\s+|s[óo]lo\s+)?en\s+(?<x>.+)`),
    setting('Language'),
  ],
  [rx(String.raw`cambia\s+el\s+idioma\s+a\s+(?<x>.+)`), setting('Language')],
  [rx(String.raw`(?:antworte|schreibe)\s+(?:immer\s+|nur\s+)?(?:auf|in)\s+(?<x>.+)`), setting('Language')],
  [
    rx(String.raw`(?:r[ée]ponds|[ée]cris)\s+(?:toujours\s+|uniquement\s+|seulement\s+)?en\s+(?<x>.+)`),
    setting('Language'),
  ],
  [rx(String.raw`(?:responda|escreva)\s+(?:sempre\s+|s[óo]\s+|apenas\s+)?em\s+(?<x>.+)`), setting('Language')],
  [rx(String.raw`(?:rispondi|scrivi)\s+(?:sempre\s+|solo\s+)?in\s+(?<x>.+)`), setting('Language')],
  [rx(String.raw`(?:mindig\s+)?(?<x>\p{L}+(?:ul|ül))\s+(?:v[áa]laszolj|[íi]rj)`), setting('Language')],
  [rx(String.raw`(?:v[áa]laszolj|[íi]rj)\s+(?:mindig\s+)?(?<x>\p{L}+(?:ul|ül))`), setting('Language')],
  [rx(String.raw`(?:language|idioma|sprache|langue|lingua|nyelv)\s*:\s*(?<x>.+)`), setting('Language')],
];

const SIGNATURE: [RegExp, Build][] = [
  [rx(String.raw`sign\s+(?:off\s+)?(?:as|with)\s+(?<x>.+)`), setting('Signature')],
  [
    rx(String.raw`(?:end|close)\s+(?:every|each|all)\s+(?:messages?|answers?|repl(?:y|ies))\s+with\s+(?<x>.+)`),
    setting('Signature'),
  ],
  [rx(String.raw`firma\s+(?:como|con|come)\s+(?<x>.+)`), setting('Signature')],
  [
    rx(String.raw`termina\s+(?:cada|todos\s+los|ogni)\s+(?:mensajes?|messaggio)\s+con\s+(?<x>.+)`),
    setting('Signature'),
  ],
  [rx(String.raw`unterschreibe\s+(?:mit|als)\s+(?<x>.+)`), setting('Signature')],
  [rx(String.raw`beende\s+jede\s+nachricht\s+mit\s+(?<x>.+)`), setting('Signature')],
  [rx(String.raw`signe\s+(?:avec|en\s+tant\s+que|comme|par)\s+(?<x>.+)`), setting('Signature')],
  [rx(String.raw`termine\s+chaque\s+message\s+par\s+(?<x>.+)`), setting('Signature')],
  [rx(String.raw`assine\s+(?:como|com)\s+(?<x>.+)`), setting('Signature')],
  [rx(String.raw`termine\s+cada\s+mensagem\s+com\s+(?<x>.+)`), setting('Signature')],
  [rx(String.raw`[íi]rd\s+al[áa]\s*:?\s*(?<x>.+)`), setting('Signature')],
  [rx(String.raw`z[áa]rj\s+minden\s+[üu]zenetet\s*:?\s*(?<x>.+)`), setting('Signature')],
  [
    rx(String.raw`(?:signature|firma|signatur|unterschrift|assinatura|al[áa][íi]r[áa]s)\s*:\s*(?<x>.+)`),
    setting('Signature'),
  ],
];

const REPLACE: [RegExp, Build][] = [
  [rx(String.raw`(?:replace|swap)\s+(?<x>.+?)\s+(?:with|by|for)\s+(?<y>.+)`), replace],
  [rx(String.raw`change\s+(?<x>.+?)\s+(?:to|into)\s+(?<y>.+)`), replace],
  [rx(String.raw`(?:reemplaza|sustituye|cambia)\s+(?<x>.+?)\s+por\s+(?<y>.+)`), replace],
  [rx(String.raw`ersetze\s+(?<x>.+?)\s+(?:durch|mit)\s+(?<y>.+)`), replace],
  [rx(String.raw`[äa]ndere\s+(?<x>.+?)\s+(?:in|zu)\s+(?<y>.+)`), replace],
  [rx(String.raw`(?:remplace|remplacer)\s+(?<x>.+?)\s+par\s+(?<y>.+)`), replace],
  [rx(String.raw`(?:substitua|substitui|troque|troca)\s+(?<x>.+?)\s+por\s+(?<y>.+)`), replace],
  [rx(String.raw`(?:sostituisci|rimpiazza|cambia)\s+(?<x>.+?)\s+con\s+(?<y>.+)`), replace],
  [rx(String.raw`cser[ée]ld(?:\s+le)?\s*:?\s*(?<x>.+?)\s*(?:->|→|=>)\s*(?<y>.+)`), replace],
  [rx(String.raw`(?<x>.+?)\s*(?:->|→|=>)\s*(?<y>.+)`), replace],
];

const REMOVE: [RegExp, Build][] = [
  [
    rx(
      String.raw`(?:remove|delete|drop)(?=[\s:])\s*(?:the\s+)?(?:rule|line|sentence)?\s*(?:about|on|that\s+says|saying)?\s*:?\s*(?<x>.+)`,
    ),
    remove,
  ],
  [
    rx(
      String.raw`(?:quita|elimina|borra|suprime)(?=[\s:])\s*(?:la\s+)?(?:regla|l[íi]nea|frase)?\s*(?:sobre|de|que\s+dice)?\s*:?\s*(?<x>.+)`,
    ),
    remove,
  ],
  [
    rx(
      String.raw`(?:entferne|l[öo]sche|streiche)(?=[\s:])\s*(?:die\s+)?(?:regel|zeile|satz)?\s*(?:[üu]ber|zu|mit)?\s*:?\s*(?<x>.+)`,
    ),
    remove,
  ],
  [
    rx(
      String.raw`(?:supprime|retire|enl[èe]ve|efface)(?=[\s:])\s*(?:la\s+)?(?:r[èe]gle|ligne|phrase)?\s*(?:sur|concernant|qui\s+dit)?\s*:?\s*(?<x>.+)`,
    ),
    remove,
  ],
  [
    rx(
      String.raw`(?:remova|retire|apague|exclua|elimine)(?=[\s:])\s*(?:a\s+)?(?:regra|linha|frase)?\s*(?:sobre|de|que\s+diz)?\s*:?\s*(?<x>.+)`,
    ),
    remove,
  ],
  [
    rx(
      String.raw`(?:rimuovi|togli|cancella)(?=[\s:])\s*(?:la\s+)?(?:regola|riga|frase)?\s*(?:sulle|sulla|sul|sui|su|che\s+dice)?\s*:?\s*(?<x>.+)`,
    ),
    remove,
  ],
  [rx(String.raw`t[öo]r[öo]ld\s+(?:a\s+)?(?<x>.+?)\s+sz[óo]l[óo]\s+(?:szab[áa]lyt|sort|mondatot)`), remove],
  [
    rx(
      String.raw`(?:t[öo]r[öo]ld|t[áa]vol[íi]tsd\s+el|vedd\s+ki)\s*(?:a\s+)?(?:szab[áa]lyt|sort|mondatot)?\s*:?\s*(?<x>.+)`,
    ),
    remove,
  ],
];

const ADD: [RegExp, Build][] = [
  // hu first: "add hozzá" would otherwise read as English "add".
  [
    rx(
      String.raw`(?:add\s+hozz[áa]|adj\s+hozz[áa]|vedd\s+fel|[íi]rd\s+hozz[áa])\s*(?:egy\s+|ezt\s+a\s+|a\s+)?(?:szab[áa]lyt)?\s*:?\s*(?<x>.+)`,
    ),
    add,
  ],
  [rx(String.raw`f[üu]ge\s+(?<x>.+?)\s+hinzu`), add],
  [
    rx(
      String.raw`(?:add|append|include)(?=[\s:])\s*(?:an?\s+|the\s+|this\s+)?(?:new\s+)?(?:rule|line|instruction)?\s*(?:that|saying)?\s*:?\s*(?<x>.+)`,
    ),
    add,
  ],
  [
    rx(
      String.raw`(?:a[ñn]ade|agrega|incluye|a[ñn]adir|agregar)(?=[\s:])\s*(?:una\s+|la\s+|esta\s+)?(?:nueva\s+)?(?:regla|l[íi]nea|instrucci[óo]n)?\s*(?:que)?\s*:?\s*(?<x>.+)`,
    ),
    add,
  ],
  [
    rx(
      String.raw`(?:f[üu]ge|erg[äa]nze)(?=[\s:])\s*(?:die\s+|eine\s+|diese\s+)?(?:neue\s+)?(?:regel|zeile|anweisung)?\s*(?:hinzu)?\s*:?\s*(?<x>.+)`,
    ),
    add,
  ],
  [
    rx(
      String.raw`(?:ajoute|ajouter)(?=[\s:])\s*(?:une\s+|la\s+|cette\s+)?(?:nouvelle\s+)?(?:r[èe]gle|ligne|instruction)?\s*(?:qui\s+dit|disant|que|qu')?\s*:?\s*(?<x>.+)`,
    ),
    add,
  ],
  [
    rx(
      String.raw`(?:adicione|adiciona|acrescente|acrescenta|inclua)(?=[\s:])\s*(?:uma\s+|a\s+|esta\s+)?(?:nova\s+)?(?:regra|linha|instru[çc][ãa]o)?\s*(?:que|dizendo)?\s*:?\s*(?<x>.+)`,
    ),
    add,
  ],
  [
    rx(
      String.raw`(?:aggiungi|includi)(?=[\s:])\s*(?:una\s+|la\s+|questa\s+)?(?:nuova\s+)?(?:regola|riga|istruzione)?\s*(?:che)?\s*:?\s*(?<x>.+)`,
    ),
    add,
  ],
];

/** An instruction that is itself a rule: "never …", "always …" and their equivalents. */
const RULE_ITSELF = rx(
  String.raw`(?<x>(?:always|never|do\s+not|don't|siempre|nunca|immer|niemals|nie|toujours|jamais|ne\s+\p{L}+\s+jamais|sempre|mai|non\s+\p{L}+\s+mai|mindig|soha)\s.+)`,
);

/** The edit an instruction asks for, or null when it is not one of the forms the built-in engine knows. */
export function parseInstruction(instruction: string): PromptEdit | null {
  const text = instruction.trim();
  for (const [pattern, build] of [...TONE, ...LANGUAGE, ...SIGNATURE, ...REPLACE, ...REMOVE, ...ADD]) {
    const m = pattern.exec(text);
    if (m?.groups?.x && value(m.groups.x)) return build(m.groups.x, m.groups.y ?? '');
  }
  const rule = RULE_ITSELF.exec(text);
  return rule?.groups?.x ? add(rule.groups.x, '') : null;
}

const QUOTES = /^["'“”„«»‘’]+|["'“”„«»‘’]+$/gu;

/** A captured value without surrounding quotes or final punctuation. */
function value(raw: string): string {
  return raw
    .trim()
    .replace(/[.!;]+$/u, '')
    .replace(QUOTES, '')
    .trim();
}

/** A captured rule as a sentence: capital first letter, final full stop. */
function sentence(raw: string): string {
  const text = value(raw);
  if (!text) return text;
  const capital = text[0]!.toLocaleUpperCase() + text.slice(1);
  return /[.!?]$/u.test(capital) ? capital : `${capital}.`;
}
