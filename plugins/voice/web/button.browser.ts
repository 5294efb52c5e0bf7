/**
 * The web call button: `<script src="…/voice/web/button.js" data-key="vb_…" async>`. A visitor gives
 * the phone the shop may follow up on, then calls: on Twilio through the Voice SDK the shop's page
 * loads (window.Twilio.Device) with the Access Token the server mints; on the sandbox as a text
 * call, each line answered by the assistant. Rendered in a shadow root; text only.
 */
interface TwilioCall {
  on(event: 'disconnect', listener: () => void): void;
  disconnect(): void;
}
interface TwilioDevice {
  connect(): Promise<TwilioCall>;
}
declare global {
  interface Window {
    Twilio?: { Device: new (token: string) => TwilioDevice };
  }
}

type Words = Record<
  'call' | 'phone' | 'start' | 'say' | 'send' | 'hangup' | 'ended' | 'limited' | 'error' | 'no_sdk',
  string
>;
const WORDS: Record<string, Words> = {
  en: {
    call: 'Call us',
    phone: 'Your phone, for a follow-up',
    start: 'Call',
    say: 'Say something…',
    send: 'Send',
    hangup: 'Hang up',
    ended: 'The call has ended.',
    limited: 'Too many calls from here; please try later.',
    error: 'The call could not start.',
    no_sdk: 'Calling from this page is not available.',
  },
  es: {
    call: 'Llámanos',
    phone: 'Tu teléfono, para responderte',
    start: 'Llamar',
    say: 'Di algo…',
    send: 'Enviar',
    hangup: 'Colgar',
    ended: 'La llamada ha terminado.',
    limited: 'Demasiadas llamadas desde aquí; inténtalo más tarde.',
    error: 'No se pudo iniciar la llamada.',
    no_sdk: 'No se puede llamar desde esta página.',
  },
  de: {
    call: 'Ruf uns an',
    phone: 'Deine Telefonnummer für Rückfragen',
    start: 'Anrufen',
    say: 'Sag etwas…',
    send: 'Senden',
    hangup: 'Auflegen',
    ended: 'Der Anruf ist beendet.',
    limited: 'Zu viele Anrufe von hier; bitte später.',
    error: 'Der Anruf konnte nicht starten.',
    no_sdk: 'Von dieser Seite kann nicht angerufen werden.',
  },
  fr: {
    call: 'Appelez-nous',
    phone: 'Votre téléphone, pour le suivi',
    start: 'Appeler',
    say: 'Dites quelque chose…',
    send: 'Envoyer',
    hangup: 'Raccrocher',
    ended: 'L’appel est terminé.',
    limited: 'Trop d’appels depuis ici ; réessayez plus tard.',
    error: 'L’appel n’a pas pu démarrer.',
    no_sdk: 'Impossible d’appeler depuis cette page.',
  },
  pt: {
    call: 'Ligue-nos',
    phone: 'O seu telefone, para seguimento',
    start: 'Ligar',
    say: 'Diga algo…',
    send: 'Enviar',
    hangup: 'Desligar',
    ended: 'A chamada terminou.',
    limited: 'Demasiadas chamadas daqui; tente mais tarde.',
    error: 'Não foi possível iniciar a chamada.',
    no_sdk: 'Não é possível ligar desta página.',
  },
  it: {
    call: 'Chiamaci',
    phone: 'Il tuo telefono, per ricontattarti',
    start: 'Chiama',
    say: 'Di’ qualcosa…',
    send: 'Invia',
    hangup: 'Riaggancia',
    ended: 'La chiamata è terminata.',
    limited: 'Troppe chiamate da qui; riprova più tardi.',
    error: 'Impossibile avviare la chiamata.',
    no_sdk: 'Da questa pagina non si può chiamare.',
  },
  hu: {
    call: 'Hívj minket',
    phone: 'Telefonszámod a visszahíváshoz',
    start: 'Hívás',
    say: 'Mondj valamit…',
    send: 'Küldés',
    hangup: 'Letesz',
    ended: 'A hívás véget ért.',
    limited: 'Túl sok hívás innen; próbáld később.',
    error: 'A hívás nem indult el.',
    no_sdk: 'Erről az oldalról nem lehet hívni.',
  },
};

const STYLE = `:host{all:initial;font:14px/1.4 system-ui,sans-serif;color:#1b1f24}
*{box-sizing:border-box}
.open{position:fixed;bottom:20px;left:20px;padding:12px 18px;border:0;border-radius:24px;background:#1a7f37;color:#fff;font:inherit;font-weight:600;cursor:pointer;box-shadow:0 4px 14px rgba(0,0,0,.25);z-index:2147483646}
.panel{position:fixed;bottom:76px;left:20px;width:320px;max-width:calc(100vw - 40px);background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(0,0,0,.25);padding:12px;display:flex;flex-direction:column;gap:8px;z-index:2147483647}
.lines{max-height:260px;overflow-y:auto;display:flex;flex-direction:column;gap:6px}
.line{padding:6px 10px;border-radius:10px;background:#f6f8fa;white-space:pre-wrap}
.line.caller{align-self:flex-end;background:#dafbe1}
.note{color:#9a3412;font-size:13px}
.note:empty{display:none}
form{display:flex;gap:6px}
input{flex:1;min-width:0;padding:8px;border:1px solid #d0d7de;border-radius:8px;font:inherit}
button.act{padding:8px 12px;border:0;border-radius:8px;background:#1a7f37;color:#fff;font:inherit;cursor:pointer}
button:disabled{opacity:.6}`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const script = document.currentScript as HTMLScriptElement | null;

async function start(script: HTMLScriptElement): Promise<void> {
  const key = script.dataset.key;
  if (!key) return;
  const base = `${new URL(script.src).origin}/voice/web/${key}`;
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, data: (await res.json().catch(() => ({}))) as Record<string, unknown> };
  };
  const configured = await fetch(`${base}/config`);
  if (!configured.ok) return;
  const config = (await configured.json()) as { mode: string; button_text: string | null; language: string };
  const words = WORDS[config.language] ?? WORDS.en!;

  const host = el('div', { 'data-switchboard-call': config.mode });
  const root = host.attachShadow({ mode: 'open' });
  root.append(el('style', {}, STYLE));
  const open = el('button', { class: 'open', type: 'button' }, config.button_text ?? words.call);
  const panel = el('div', { class: 'panel' });
  panel.hidden = true;
  const lines = el('div', { class: 'lines', role: 'log' });
  const note = el('div', { class: 'note', role: 'status' });
  const phone = el('input', { type: 'tel', placeholder: words.phone, 'aria-label': 'phone' });
  const begin = el('button', { class: 'act', type: 'submit' }, words.start);
  const dial = el('form', {}, undefined);
  dial.append(phone, begin);
  panel.append(lines, note, dial);
  root.append(open, panel);
  document.body.append(host);
  open.addEventListener('click', () => {
    panel.hidden = !panel.hidden;
  });
  const say = (text: string, who: 'assistant' | 'caller') => {
    lines.append(el('div', { class: `line ${who}` }, text));
    lines.scrollTop = lines.scrollHeight;
    if (who === 'assistant' && 'speechSynthesis' in window) {
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = config.language;
      window.speechSynthesis.speak(utterance);
    }
  };

  dial.addEventListener('submit', (event) => {
    event.preventDefault();
    begin.disabled = true;
    note.textContent = '';
    void post('/calls', { phone: phone.value }).then(async ({ status, data }) => {
      begin.disabled = false;
      if (status !== 201) {
        note.textContent =
          status === 429 ? words.limited : typeof data.message === 'string' ? data.message : words.error;
        return;
      }
      dial.remove();
      if (data.mode === 'twilio') return twilioCall(String(data.token));
      sandboxCall(String(data.call_token), (data.reply as { text: string }).text);
    });
  });

  const ended = () => {
    note.textContent = words.ended;
    panel.querySelector('form')?.remove();
  };

  const sandboxCall = (token: string, greeting: string) => {
    say(greeting, 'assistant');
    const line = el('input', { type: 'text', placeholder: words.say, 'aria-label': 'say' });
    const send = el('button', { class: 'act', type: 'submit' }, words.send);
    const hang = el('button', { class: 'act', type: 'button' }, words.hangup);
    const form = el('form', {});
    form.append(line, send, hang);
    panel.append(form);
    hang.addEventListener('click', () => void post(`/calls/${token}/hangup`, {}).then(ended));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const text = line.value.trim();
      if (!text) return;
      say(text, 'caller');
      line.value = '';
      send.disabled = true;
      void post(`/calls/${token}/turns`, { text }).then(({ status, data }) => {
        send.disabled = false;
        if (status !== 200) return void (note.textContent = words.error);
        const reply = data.reply as { text: string; end: boolean };
        say(reply.text, 'assistant');
        if (reply.end) ended();
      });
    });
  };

  const twilioCall = async (token: string) => {
    if (!window.Twilio?.Device) return void (note.textContent = words.no_sdk);
    const call = await new window.Twilio.Device(token).connect();
    const hang = el('button', { class: 'act', type: 'button' }, words.hangup);
    panel.append(hang);
    hang.addEventListener('click', () => call.disconnect());
    call.on('disconnect', () => {
      hang.remove();
      ended();
    });
  };
}

if (script) {
  const go = () => void start(script).catch(() => undefined);
  if (document.body) go();
  else document.addEventListener('DOMContentLoaded', go, { once: true });
}

export {};
