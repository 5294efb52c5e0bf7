import { fillTemplate, invalidState, LockMode, notFound, type Services } from '../../../../core/index.js';
import type { AssistantAnswer } from '../../../knowledge/surface.js';
import { detectLanguage } from '../../../prompt/surface.js';
import { VoiceCall } from '../../entities/voice-call.entity.js';
import { VoiceTurn } from '../../entities/voice-turn.entity.js';
import { VOICE_LANGUAGES, type CallStatus, type HandoffReason, type VoiceProvider } from '../../entities/values.js';
import type { VoiceSettings } from '../../entities/voice-settings.entity.js';
import { asksForPerson, linesFor, saysGoodbye, saysYes } from './voice-lines.js';

/** What the assistant says next; `end`: then the line closes. */
export interface Reply {
  text: string;
  end: boolean;
}

/** After hearing the caller: a reply decided already, or a question for the assistant. */
export type Heard = { reply: Reply } | { question: string; language: string };

export interface IncomingCall {
  provider: VoiceProvider;
  providerCallId: string;
  from: string;
  to: string | null;
  numberId: number | null;
  language?: string;
}

/** Turns the assistant could not answer in a row before a person is asked to follow up. */
const MISSES_BEFORE_HANDOFF = 2;
/** Gathers that heard nothing in a row before the assistant says goodbye. */
const SILENCES_BEFORE_GOODBYE = 2;

/**
 * A call's conversation, whatever the provider: the greeting, each thing the caller says (an
 * answer from the shop's knowledge for the voice surface, or a hand-over when the caller asks for
 * a person, the assistant misses twice, the call runs past its length or the assistant is
 * unavailable), and the end. The hand-over happens once per call: a ticket, and — with the caller's
 * consent, or the shop's implied consent — a message through the one send path keyed by the call.
 * Each step is short and writes in the caller's transaction; the assistant's answer is composed
 * between steps, outside any.
 */
export class VoiceCallEngine {
  constructor(private readonly deps: Services) {}

  async open(settings: VoiceSettings, incoming: IncomingCall): Promise<{ call: VoiceCall; reply: Reply }> {
    const { em } = this.deps;
    const language =
      settings.languageMode === 'fixed' && settings.languageFixed
        ? settings.languageFixed
        : (incoming.language ?? 'en');
    await em.execute(
      `insert into voice_calls (shop_id, provider, provider_call_id, number_id, from_phone, to_phone, language, status, phase,
         misses, silences, handoff_status, started_at)
       values (?, ?, ?, ?, ?, ?, ?, 'in_progress', 'talking', 0, 0, 'none', now())
       on conflict (shop_id, provider, provider_call_id) do nothing`,
      [
        this.deps.shop.id,
        incoming.provider,
        incoming.providerCallId,
        incoming.numberId,
        incoming.from,
        incoming.to,
        language,
      ],
    );
    const call = await em.findOneOrFail(VoiceCall, {
      provider: incoming.provider,
      providerCallId: incoming.providerCallId,
    });
    if (call.phase === 'ended') return { call, reply: { text: linesFor(call.language).goodbye, end: true } };
    const greeting =
      settings.greetingText ?? fillTemplate(linesFor(call.language).greeting, { shop: this.deps.shop.name });
    if ((await em.count(VoiceTurn, { callId: call.id })) === 0) this.say(call, greeting);
    await em.flush();
    return { call, reply: { text: greeting, end: false } };
  }

  /**
   * The call, locked for the rest of the transaction: a provider's events for one call (a gather and
   * the status callback, a repeated delivery) and hand_off_call take their turns.
   */
  async find(provider: VoiceProvider, providerCallId: string): Promise<VoiceCall | null> {
    return this.deps.em.findOne(VoiceCall, { provider, providerCallId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  async get(callId: number): Promise<VoiceCall> {
    const call = await this.deps.em.findOne(VoiceCall, { id: callId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!call) throw notFound('call', callId);
    return call;
  }

  /** What the caller said (null: nothing heard). Decides what it can; else asks for the assistant's answer. */
  async hear(settings: VoiceSettings, call: VoiceCall, speech: string | null): Promise<Heard> {
    if (call.phase === 'ended') return { reply: { text: linesFor(call.language).goodbye, end: true } };
    const said = speech?.trim() ?? '';
    if (said && settings.languageMode !== 'fixed') this.followLanguage(call, said);
    const lines = linesFor(call.language);
    if (!said) {
      call.silences += 1;
      if (call.silences >= SILENCES_BEFORE_GOODBYE)
        return { reply: await this.finish(call, 'abandoned', lines.goodbye) };
      return { reply: this.say(call, `${lines.not_heard} ${lines.anything_else}`) };
    }
    call.silences = 0;
    this.record(call, 'caller', said);
    if (call.phase === 'consent') {
      const consented = saysYes(said);
      await this.handOff(call, call.handoffReason ?? 'manual', consented);
      return {
        reply: await this.finish(
          call,
          'handoff',
          call.handoffStatus === 'sent' ? lines.handoff_sent : lines.handoff_later,
        ),
      };
    }
    if (saysGoodbye(said)) return { reply: await this.finish(call, 'resolved', lines.goodbye) };
    if (asksForPerson(said)) return { reply: await this.beginHandoff(settings, call, 'caller_asked', said) };
    if (Date.now() - call.startedAt.getTime() > settings.maxCallMinutes * 60_000)
      return { reply: await this.beginHandoff(settings, call, 'time_limit', said) };
    await this.deps.em.flush();
    return { question: said, language: call.language };
  }

  /**
   * In auto mode the call speaks the caller's language once what they said tells it (too short to
   * tell, like "yes", keeps the language): what the assistant adds to an answer, asks or says
   * goodbye with is in the language of the conversation, not the shop's.
   */
  private followLanguage(call: VoiceCall, said: string): void {
    const { language, reliable } = detectLanguage(said);
    if (reliable && language && (VOICE_LANGUAGES as readonly string[]).includes(language)) call.language = language;
  }

  /** The assistant's answer for the voice surface, or 'unavailable' past the turn's budget or on a provider error. */
  async answer(question: string, timeoutMs: number): Promise<AssistantAnswer | 'unavailable'> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'unavailable'>((resolve) => {
      timer = setTimeout(() => resolve('unavailable'), timeoutMs);
    });
    try {
      return await Promise.race([
        this.deps.knowledgeAnswerService.answer({ surface: 'voice', question }).catch(() => 'unavailable' as const),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** The assistant's answer said to the caller, or the next step when it had none. */
  async settle(
    settings: VoiceSettings,
    call: VoiceCall,
    question: string,
    answer: AssistantAnswer | 'unavailable',
  ): Promise<Reply> {
    const lines = linesFor(call.language);
    if (call.phase === 'ended') return { text: lines.goodbye, end: true };
    if (answer === 'unavailable')
      return this.beginHandoff(settings, call, 'assistant_unavailable', question, lines.fallback);
    if (answer.text !== null) {
      call.misses = 0;
      return this.say(call, `${answer.text} ${lines.anything_else}`);
    }
    call.misses += 1;
    call.openQuestion ??= question;
    if (call.misses >= MISSES_BEFORE_HANDOFF) return this.beginHandoff(settings, call, 'no_answer', question);
    return this.say(call, lines.not_known);
  }

  /** The provider says the call ended: its status and length are kept; a hand-over still owed is carried out without a message. */
  async end(call: VoiceCall, status: CallStatus, durationSeconds: number | null): Promise<void> {
    if (call.endedAt && call.status !== 'in_progress') return;
    call.status = status;
    call.durationSeconds = durationSeconds ?? Math.round((Date.now() - call.startedAt.getTime()) / 1000);
    call.endedAt = new Date();
    if (call.phase === 'consent') await this.handOff(call, call.handoffReason ?? 'manual', false);
    if (!call.outcome)
      call.outcome =
        status === 'completed'
          ? call.handoffStatus === 'none'
            ? 'abandoned'
            : 'handoff'
          : status === 'failed'
            ? 'failed'
            : 'abandoned';
    call.phase = 'ended';
    call.summary ??= this.summary(call);
    await this.deps.em.flush();
  }

  /** hand_off_call: a person follows up now (with a message: the shop decided), once per call. */
  async handOffNow(callId: number, note: string | undefined) {
    const call = await this.get(callId);
    if (note) call.openQuestion = note;
    await this.handOff(call, 'manual', true);
    if (call.phase !== 'ended') call.outcome = 'handoff';
    await this.deps.em.flush();
    return call;
  }

  /** `before`: said first (the fallback line when the assistant failed). */
  private async beginHandoff(
    settings: VoiceSettings,
    call: VoiceCall,
    reason: HandoffReason,
    question: string,
    before = '',
  ): Promise<Reply> {
    const lines = linesFor(call.language);
    const lead = before ? `${before} ` : '';
    call.handoffReason = reason;
    call.openQuestion ??= question;
    if (settings.handoffConsent === 'ask' && call.handoffStatus === 'none') {
      call.phase = 'consent';
      call.handoffStatus = 'pending';
      return this.say(call, lead + lines.consent_ask);
    }
    await this.handOff(call, reason, true);
    return this.finish(
      call,
      'handoff',
      lead + (call.handoffStatus === 'sent' ? lines.handoff_sent : lines.handoff_later),
    );
  }

  /**
   * The hand-over, at most once per call: a ticket (tickets group) and, when `withMessage`, a
   * message to the caller through the send path (billing source voice_handoff, key
   * voice-call-<id>-handoff: a repeated end event never texts twice). A refused message (opted out,
   * no credits, no line) is recorded on the call, the ticket stands.
   */
  private async handOff(call: VoiceCall, reason: HandoffReason, withMessage: boolean): Promise<void> {
    if (!['none', 'pending'].includes(call.handoffStatus)) return;
    call.handoffReason ??= reason;
    call.summary = this.summary(call);
    const groups = this.deps.kernelCatalog.names();
    if (groups.includes('tickets') && call.handoffTicketId === null) {
      const { ticket } = await this.deps.ticketsService.create({
        title: `Voice call from ${call.fromPhone}`,
        phone: call.fromPhone,
        category: 'voice',
        description: `${call.summary}\n\nTranscript:\n${await this.transcriptText(call)}`.slice(0, 10_000),
      });
      call.handoffTicketId = ticket.id;
    }
    if (!withMessage) {
      call.handoffStatus = 'declined';
      return;
    }
    if (!groups.includes('whatsapp_ops')) {
      call.handoffStatus = 'skipped';
      call.handoffError = 'the messaging group (whatsapp_ops) is not enabled';
      return;
    }
    const text = fillTemplate(linesFor(call.language).message, {
      shop: this.deps.shop.name,
      question: (call.openQuestion ?? '').slice(0, 300),
    });
    try {
      const { message } = await this.deps.chatappMessagingService.send({
        phone: call.fromPhone,
        text,
        automatic: true,
        billingSource: 'voice_handoff',
        idempotencyKey: `voice-call-${call.id}-handoff`,
      });
      call.handoffStatus = 'sent';
      call.handoffMessageId = message.id;
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (!code) throw err;
      call.handoffStatus = code === 'opted_out' ? 'opted_out' : 'failed';
      call.handoffError = `${code}: ${(err as Error).message}`.slice(0, 500);
    }
  }

  private async finish(call: VoiceCall, outcome: 'resolved' | 'handoff' | 'abandoned', text: string): Promise<Reply> {
    call.outcome = outcome;
    call.phase = 'ended';
    call.summary = this.summary(call);
    const reply = this.say(call, text, true);
    await this.deps.em.flush();
    return reply;
  }

  private say(call: VoiceCall, text: string, end = false): Reply {
    this.record(call, 'assistant', text);
    return { text, end };
  }

  private record(call: VoiceCall, speaker: 'caller' | 'assistant', text: string) {
    this.deps.em.create(VoiceTurn, { callId: call.id, speaker, text } as VoiceTurn);
  }

  private summary(call: VoiceCall): string {
    const subject = call.openQuestion
      ? `The caller asked: “${call.openQuestion}”.`
      : 'The caller’s questions were answered.';
    const why: Record<HandoffReason, string> = {
      caller_asked: 'They asked for a person.',
      no_answer: 'The assistant had no answer.',
      time_limit: 'The call reached its time limit.',
      assistant_unavailable: 'The assistant was unavailable.',
      manual: 'The shop took it over.',
    };
    return [subject, call.handoffReason ? why[call.handoffReason] : ''].filter(Boolean).join(' ');
  }

  private async transcriptText(call: VoiceCall): Promise<string> {
    await this.deps.em.flush();
    const turns = await this.deps.em.find(VoiceTurn, { callId: call.id }, { orderBy: { id: 'asc' } });
    return turns.map((t) => `${t.speaker === 'caller' ? 'Caller' : 'Assistant'}: ${t.text}`).join('\n');
  }
}

export const requireSandbox = (settings: VoiceSettings) => {
  if (settings.provider !== 'sandbox')
    throw invalidState(
      `simulate_voice_call runs on the sandbox provider; this shop answers calls with ${settings.provider}.`,
      {
        current_status: settings.provider,
        allowed: ['sandbox'],
      },
    );
};
