import type { ConversationMessage } from '../conversation-reader.js';
import { compileLexicon, scoreLabels, tokens } from './cue-matcher.js';
import { customerMessages, excerpt } from './analyse-conversation.js';
import { classifyMessage } from './intent-classifier.js';

/** What a shop writes when it promises something: the commitments an agent must keep. */
const PROMISES = compileLexicon({
  promise: {
    en: ['i ll', 'i will', 'we ll', 'we will', 'let you know', 'get back to you'],
    es: [
      'te envio',
      'te enviamos',
      'te enviaremos',
      'le enviaremos',
      'te aviso',
      'te avisamos',
      'le avisamos',
      'te llamo',
      'te confirmo',
      'lo revisamos',
      'lo reviso',
    ],
    de: [
      'ich schicke',
      'wir schicken',
      'ich sende',
      'wir senden',
      'ich melde mich',
      'wir melden uns',
      'ich kummere mich',
    ],
    fr: [
      'je vous envoie',
      'nous vous enverrons',
      'je reviens vers vous',
      'nous revenons vers vous',
      'je vous tiens',
      'je m en occupe',
    ],
    pt: [
      'vou enviar',
      'vamos enviar',
      'envio lhe',
      'entraremos em contacto',
      'vou verificar',
      'vamos verificar',
      'aviso a|o$',
    ],
    it: ['le invio', 'ti mando', 'vi mando', 'le faccio sapere', 'ti faccio sapere', 'ti aggiorno', 'verifichiamo'],
    hu: ['kuldom', 'elkuldjuk', 'jelentkezem', 'jelentkezunk', 'ertesitem', 'ertesitjuk', 'utananezek'],
  },
});

/** Sentences of a message: split after . ! ? and line breaks, keeping the mark. */
export function sentences(text: string): string[] {
  return (text.match(/[^.!?\n]+[.!?]*/g) ?? []).map((s) => s.trim()).filter(Boolean);
}

const isQuestion = (sentence: string) => /[?¿]/.test(sentence);

/** Customer questions after the last message a person at the shop wrote: not answered yet. */
export function openQuestions(messages: ConversationMessage[]) {
  let lastHuman = -1;
  messages.forEach((m, i) => {
    if (m.direction === 'outbound' && !m.automatic) lastHuman = i;
  });
  return messages
    .slice(lastHuman + 1)
    .filter((m) => m.direction === 'inbound')
    .flatMap((m) =>
      sentences(m.text)
        .filter(isQuestion)
        .map((s) => ({ message_id: m.id, question: excerpt(s) })),
    );
}

/** What the customer asked for, message by message (greetings and small talk left out). */
export function requests(messages: ConversationMessage[]) {
  return customerMessages(messages).flatMap((m) => {
    const c = classifyMessage(m.text);
    return c.intent === 'greeting' || c.intent === 'other'
      ? []
      : [{ message_id: m.id, intent: c.intent, excerpt: excerpt(m.text) }];
  });
}

/** Sentences in which a person at the shop promised something. */
export function promises(messages: ConversationMessage[]) {
  return messages
    .filter((m) => m.direction === 'outbound' && !m.automatic)
    .flatMap((m) =>
      sentences(m.text)
        .filter((s) => scoreLabels(PROMISES, tokens(s)).has('promise'))
        .map((s) => ({ message_id: m.id, promise: excerpt(s) })),
    );
}

/** The customer sentence that says most about what they want (most cue weight, a question one more), newest on ties. */
export function keySentence(messages: ConversationMessage[]): { message_id: number; sentence: string } | null {
  let best: { message_id: number; sentence: string; score: number } | null = null;
  for (const m of customerMessages(messages))
    for (const s of sentences(m.text)) {
      const c = classifyMessage(s);
      const score =
        (c.intent === 'greeting' || c.intent === 'other' ? 0 : (c.scores[c.intent] ?? 0)) + (isQuestion(s) ? 1 : 0);
      if (!best || score >= best.score) best = { message_id: m.id, sentence: excerpt(s), score };
    }
  return best && { message_id: best.message_id, sentence: best.sentence };
}
