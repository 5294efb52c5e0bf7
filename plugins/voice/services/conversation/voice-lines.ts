import { foldWords } from '../../../../core/index.js';
import type { VoiceLanguage } from '../../entities/values.js';

export interface Lines {
  greeting: string;
  anything_else: string;
  not_known: string;
  not_heard: string;
  consent_ask: string;
  handoff_sent: string;
  handoff_later: string;
  goodbye: string;
  fallback: string;
  /** The hand-over message to the caller: {shop}, {question}. */
  message: string;
}

/** What the assistant says besides its answers, in the seven languages. {shop} is the shop's name. */
const LINES: Record<VoiceLanguage, Lines> = {
  en: {
    greeting: 'Hello, you are speaking with the assistant of {shop}. How can I help you?',
    anything_else: 'Is there anything else I can help you with?',
    not_known: 'Sorry, I do not know that. Could you ask it another way?',
    not_heard: 'Sorry, I did not hear you.',
    consent_ask:
      'A colleague will need to follow this up. Shall I send you a message on WhatsApp? Please say yes or no.',
    handoff_sent: 'I have sent you a message; a colleague will follow up there. Goodbye!',
    handoff_later: 'A colleague will follow up on your question. Goodbye!',
    goodbye: 'Thank you for calling. Goodbye!',
    fallback: 'I am sorry, I cannot answer right now.',
    message: 'Hello! You called {shop} about: “{question}”. A colleague will reply to you here.',
  },
  es: {
    greeting: 'Hola, hablas con el asistente de {shop}. ¿En qué puedo ayudarte?',
    anything_else: '¿Puedo ayudarte en algo más?',
    not_known: 'Lo siento, no lo sé. ¿Puedes preguntarlo de otra manera?',
    not_heard: 'Perdona, no te he oído.',
    consent_ask: 'Un compañero tendrá que revisarlo. ¿Te envío un mensaje por WhatsApp? Di sí o no, por favor.',
    handoff_sent: 'Te he enviado un mensaje; un compañero te responderá allí. ¡Adiós!',
    handoff_later: 'Un compañero revisará tu consulta. ¡Adiós!',
    goodbye: 'Gracias por llamar. ¡Adiós!',
    fallback: 'Lo siento, ahora mismo no puedo responder.',
    message: '¡Hola! Llamaste a {shop} por: «{question}». Un compañero te responderá por aquí.',
  },
  de: {
    greeting: 'Hallo, hier ist der Assistent von {shop}. Wie kann ich helfen?',
    anything_else: 'Kann ich sonst noch helfen?',
    not_known: 'Das weiß ich leider nicht. Kannst du es anders fragen?',
    not_heard: 'Entschuldigung, ich habe dich nicht gehört.',
    consent_ask:
      'Ein Kollege muss sich darum kümmern. Soll ich dir eine WhatsApp-Nachricht schicken? Bitte sag ja oder nein.',
    handoff_sent: 'Ich habe dir eine Nachricht geschickt; ein Kollege meldet sich dort. Auf Wiederhören!',
    handoff_later: 'Ein Kollege kümmert sich um deine Frage. Auf Wiederhören!',
    goodbye: 'Danke für deinen Anruf. Auf Wiederhören!',
    fallback: 'Es tut mir leid, ich kann gerade nicht antworten.',
    message: 'Hallo! Du hast {shop} angerufen wegen: „{question}“. Ein Kollege antwortet dir hier.',
  },
  fr: {
    greeting: 'Bonjour, vous parlez avec l’assistant de {shop}. Comment puis-je vous aider ?',
    anything_else: 'Puis-je vous aider pour autre chose ?',
    not_known: 'Désolé, je ne le sais pas. Pouvez-vous reformuler ?',
    not_heard: 'Désolé, je ne vous ai pas entendu.',
    consent_ask: 'Un collègue devra s’en occuper. Puis-je vous envoyer un message WhatsApp ? Répondez oui ou non.',
    handoff_sent: 'Je vous ai envoyé un message ; un collègue vous répondra là-bas. Au revoir !',
    handoff_later: 'Un collègue s’occupera de votre question. Au revoir !',
    goodbye: 'Merci de votre appel. Au revoir !',
    fallback: 'Désolé, je ne peux pas répondre pour le moment.',
    message: 'Bonjour ! Vous avez appelé {shop} au sujet de : « {question} ». Un collègue vous répondra ici.',
  },
  pt: {
    greeting: 'Olá, está a falar com o assistente de {shop}. Como posso ajudar?',
    anything_else: 'Posso ajudar em mais alguma coisa?',
    not_known: 'Desculpe, não sei. Pode perguntar de outra forma?',
    not_heard: 'Desculpe, não o ouvi.',
    consent_ask: 'Um colega terá de tratar disto. Posso enviar-lhe uma mensagem por WhatsApp? Diga sim ou não.',
    handoff_sent: 'Enviei-lhe uma mensagem; um colega responderá por lá. Adeus!',
    handoff_later: 'Um colega vai tratar da sua questão. Adeus!',
    goodbye: 'Obrigado pela sua chamada. Adeus!',
    fallback: 'Desculpe, não consigo responder agora.',
    message: 'Olá! Ligou para {shop} sobre: «{question}». Um colega responderá aqui.',
  },
  it: {
    greeting: 'Ciao, parli con l’assistente di {shop}. Come posso aiutarti?',
    anything_else: 'Posso aiutarti in altro?',
    not_known: 'Mi dispiace, non lo so. Puoi chiederlo in un altro modo?',
    not_heard: 'Scusa, non ti ho sentito.',
    consent_ask: 'Un collega dovrà occuparsene. Ti mando un messaggio su WhatsApp? Rispondi sì o no.',
    handoff_sent: 'Ti ho mandato un messaggio; un collega ti risponderà lì. Arrivederci!',
    handoff_later: 'Un collega si occuperà della tua domanda. Arrivederci!',
    goodbye: 'Grazie per aver chiamato. Arrivederci!',
    fallback: 'Mi dispiace, ora non riesco a rispondere.',
    message: 'Ciao! Hai chiamato {shop} per: «{question}». Un collega ti risponderà qui.',
  },
  hu: {
    greeting: 'Szia, a(z) {shop} asszisztensével beszélsz. Miben segíthetek?',
    anything_else: 'Segíthetek még valamiben?',
    not_known: 'Sajnos ezt nem tudom. Meg tudod kérdezni másképp?',
    not_heard: 'Bocsánat, nem hallottalak.',
    consent_ask:
      'Ezzel egy kollégának kell foglalkoznia. Küldhetek egy WhatsApp-üzenetet? Kérlek, mondd, hogy igen vagy nem.',
    handoff_sent: 'Küldtem egy üzenetet; egy kolléga ott válaszol. Viszonthallásra!',
    handoff_later: 'Egy kolléga foglalkozik a kérdéseddel. Viszonthallásra!',
    goodbye: 'Köszönjük a hívást. Viszonthallásra!',
    fallback: 'Sajnálom, most nem tudok válaszolni.',
    message: 'Szia! A(z) {shop} üzletet hívtad ezzel kapcsolatban: „{question}”. Egy kolléga itt válaszol.',
  },
};

export const linesFor = (language: string): Lines => LINES[language as VoiceLanguage] ?? LINES.en;

const fold = (text: string) => ` ${foldWords(text)} `;

const has = (text: string, words: string[]) => words.some((w) => fold(text).includes(` ${w} `));

/** Words that ask for a person, in every language (callers switch languages to get one). */
const PERSON = [
  'person',
  'human',
  'agent',
  'operator',
  'someone',
  'persona',
  'humano',
  'operador',
  'agente',
  'mensch',
  'mitarbeiter',
  'personne',
  'humain',
  'conseiller',
  'pessoa',
  'operatore',
  'ember',
  'ügyintéző',
  'ugyintezo',
];
const YES = [
  'yes',
  'yeah',
  'sure',
  'ok',
  'okay',
  'please',
  'si',
  'vale',
  'claro',
  'ja',
  'gerne',
  'oui',
  'sim',
  'certo',
  'igen',
];
const NO = ['no', 'nope', 'nein', 'non', 'nao', 'nem'];
const BYE = [
  'bye',
  'goodbye',
  'that s all',
  'nothing else',
  'adios',
  'nada mas',
  'eso es todo',
  'tschuss',
  'das wars',
  'au revoir',
  'c est tout',
  'tchau',
  'adeus',
  'arrivederci',
  'basta cosi',
  'viszlat',
  'koszonom ennyi',
];

export const asksForPerson = (text: string) => has(text, PERSON);
/** Yes wins only without a no: "no, yes" is unclear, and unclear is no. */
export const saysYes = (text: string) => has(text, YES) && !has(text, NO);
const THANKS = ['thanks', 'thank', 'you', 'gracias', 'danke', 'merci', 'obrigado', 'obrigada', 'grazie', 'koszonom'];
/** "Bye", or a bare no (thanks) to "anything else?": the caller is done. */
export const saysGoodbye = (text: string) => {
  const words = fold(text).trim().split(' ');
  return has(text, BYE) || (NO.includes(words[0]!) && words.every((w) => NO.includes(w) || THANKS.includes(w)));
};
