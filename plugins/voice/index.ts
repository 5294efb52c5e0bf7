import { definePlugin } from '../../core/index.js';
import { VoiceConfig } from './config.js';
import { voiceErrors } from './errors.js';
import { VoiceCall } from './entities/voice-call.entity.js';
import { VoiceNumber } from './entities/voice-number.entity.js';
import { VoiceSettings } from './entities/voice-settings.entity.js';
import { VoiceTurn } from './entities/voice-turn.entity.js';
import { VoiceRateCounter } from './entities/voice-rate-counter.entity.js';
import { VoiceInit } from './migrations/0001-init.js';
import { VoiceTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { twilioRoutes } from './routes/twilio-routes.js';
import { webRoutes } from './routes/web-routes.js';
import { VoiceCallsService } from './services/calls/calls-service.js';
import { VoiceSimulator } from './services/calls/simulate-service.js';
import { VoiceCallEngine } from './services/conversation/call-engine.js';
import { VoiceNumbersService } from './services/numbers/numbers-service.js';
import { VoiceSettingsService } from './services/settings/voice-settings-service.js';
import { WebButtonService } from './services/web/web-button-service.js';
import { getVoiceConfig } from './tools/get-voice-config.js';
import { configureVoice } from './tools/configure-voice.js';
import { testVoiceProvider } from './tools/test-voice-provider.js';
import { listVoiceNumbers } from './tools/list-voice-numbers.js';
import { assignVoiceNumber } from './tools/assign-voice-number.js';
import { releaseVoiceNumber } from './tools/release-voice-number.js';
import { listCalls } from './tools/list-calls.js';
import { getCall } from './tools/get-call.js';
import { simulateVoiceCall } from './tools/simulate-voice-call.js';
import { handOffCall } from './tools/hand-off-call.js';
import { deleteCallData } from './tools/delete-call-data.js';
import { getVoiceStats } from './tools/get-voice-stats.js';
import { configureWebCallButton } from './tools/configure-web-call-button.js';

/**
 * voice: the assistant answers the shop's phone numbers through the shop's own Twilio account
 * (signed webhooks, a speech Gather loop; the sandbox, with simulate_voice_call, is the default),
 * answering from the shop's knowledge for the voice surface, and a web call button for its site. What it cannot settle is handed over
 * once per call: a ticket and, with the caller's consent, a message through the one send path.
 */
export default definePlugin({
  name: 'voice',
  version: '1.0.0',
  description:
    'The assistant on the phone: answers the shop’s numbers with its own Twilio account (or the sandbox), from the shop’s knowledge, and hands what it cannot settle to the messaging channel with a ticket.',
  kernel: '^1.0.0',
  /** prompt: the language of what the caller says. */
  dependencies: ['knowledge', 'customers', 'prompt'],
  /** whatsapp_ops: the hand-over message; tickets: the hand-over ticket. */
  optionalDependencies: ['whatsapp_ops', 'tickets'],
  configSchema: VoiceConfig,
  entities: [VoiceSettings, VoiceNumber, VoiceCall, VoiceTurn, VoiceRateCounter],
  migrations: [
    { name: '0001-init', class: VoiceInit },
    { name: '0002-tenant-indexes-covered', class: VoiceTenantIndexesCovered },
  ],
  services: {
    voiceSettingsService: VoiceSettingsService,
    voiceNumbersService: VoiceNumbersService,
    voiceCallsService: VoiceCallsService,
    voiceSimulator: VoiceSimulator,
    voiceCallEngine: VoiceCallEngine,
    voiceWebButton: WebButtonService,
  },
  errors: voiceErrors,
  tools: [
    getVoiceConfig,
    configureVoice,
    testVoiceProvider,
    listVoiceNumbers,
    assignVoiceNumber,
    releaseVoiceNumber,
    configureWebCallButton,
    listCalls,
    getCall,
    simulateVoiceCall,
    handOffCall,
    deleteCallData,
    getVoiceStats,
  ],
  retention: [
    { table: 'voice_turns', column: 'created_at', days: (c) => c.retentionDays },
    { table: 'voice_calls', column: 'started_at', days: (c) => c.retentionDays },
    { table: 'voice_rate_counters', column: 'window_start', days: () => 2 },
  ],
  setup: (setup) => {
    twilioRoutes(setup);
    webRoutes(setup);
  },
});
