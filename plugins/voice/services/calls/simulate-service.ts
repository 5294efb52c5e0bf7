import { randomUUID } from 'node:crypto';
import type { VoiceConfig } from '../../config.js';
import {
  invalidArguments,
  invalidState,
  phoneE164OrNull,
  type ToolContext,
  type ServiceDeps,
} from '../../../../core/index.js';
import type { VoiceCall } from '../../entities/voice-call.entity.js';
import type { HandoffStatus } from '../../entities/values.js';
import type { VoiceSettings } from '../../entities/voice-settings.entity.js';
import { requireSandbox, type Reply, type VoiceCallEngine } from '../conversation/call-engine.js';
import { callPayload } from './call-payload.js';

/** Runs work in a short transaction of the shop (the tool's ctx.transaction). */
export type InTransaction = <T>(work: (ctx: ToolContext) => Promise<T>) => Promise<T>;

/**
 * simulate_voice_call: a call on the sandbox provider, its caller's lines given as text. Each line
 * goes through the same conversation as a phone call's speech — a short transaction to hear it,
 * the assistant outside any (a model may take seconds), a short one to say the answer — and the
 * hand-over, if any, sends its message through the real send path. Recorded as a sandbox call.
 */
export class VoiceSimulator {
  constructor(private readonly deps: ServiceDeps<VoiceConfig>) {}

  async simulate(callerPhone: string, utterances: string[], language: string | undefined, inTx: InTransaction) {
    const settings = await this.deps.voiceSettingsService.current();
    requireSandbox(settings);
    if (!settings.enabled)
      throw invalidState('The voice assistant is switched off (configure_voice enabled: true).', {
        current_status: 'disabled',
        allowed: ['enabled'],
      });
    const phone = phoneE164OrNull(callerPhone);
    if (!phone)
      throw invalidArguments('caller_phone is not a phone number with its international prefix.', [
        { path: 'caller_phone', message: 'not a phone' },
      ]);
    const opened = await inTx(async ({ services }) => {
      const { call, reply } = await services.voiceCallEngine.open(settings, {
        provider: 'sandbox',
        providerCallId: `sim-${randomUUID()}`,
        from: phone,
        to: null,
        numberId: null,
        language: language ?? this.deps.shop.locale.slice(0, 2),
      });
      return { callId: call.id, reply };
    });
    // The settings read at the start serve every step: the conversation only reads them.
    const step = <T>(work: (engine: VoiceCallEngine, settings: VoiceSettings, call: VoiceCall) => Promise<T>) =>
      inTx(async ({ services }) =>
        work(services.voiceCallEngine, settings, await services.voiceCallEngine.get(opened.callId)),
      );
    let last: Reply = opened.reply;
    for (const utterance of utterances) {
      if (last.end) break;
      const heard = await step((engine, s, call) => engine.hear(s, call, utterance));
      if ('reply' in heard) last = heard.reply;
      else {
        const answer = await this.deps.voiceCallEngine.answer(heard.question, this.deps.config.turnTimeoutMs);
        last = await step((engine, s, call) => engine.settle(s, call, heard.question, answer));
      }
    }
    const call = await step(async (engine, _s, call) => {
      await engine.end(call, 'completed', null);
      return callPayload(call);
    });
    const { transcript } = await this.deps.voiceCallsService.get(opened.callId);
    return {
      call,
      transcript,
      sandbox: true,
      notice: `Simulated on the sandbox provider: no phone rang. ${HANDOFF_NOTICE[call.handoff.status]}`,
    };
  }
}

/** What became of the hand-over, as the call recorded it: the notice says only what happened. */
const HANDOFF_NOTICE: Record<HandoffStatus, string> = {
  none: 'There was no hand-over: no message was sent.',
  pending: 'The hand-over was still waiting for the caller’s consent: no message was sent.',
  sent: 'A hand-over message went through the messaging send path for real.',
  declined: 'The caller did not want a message: none was sent.',
  opted_out: 'No hand-over message was sent: the caller opted out of messages.',
  failed: 'The hand-over message could not be sent (handoff.error says why).',
  skipped: 'No hand-over message was sent (handoff.error says why).',
};
