/** The voice group as other groups see it: its services. Types only. */
import type { VoiceSettingsService } from './services/settings/voice-settings-service.js';
import type { VoiceNumbersService } from './services/numbers/numbers-service.js';
import type { VoiceCallsService } from './services/calls/calls-service.js';
import type { VoiceSimulator } from './services/calls/simulate-service.js';
import type { VoiceCallEngine } from './services/conversation/call-engine.js';
import type { WebButtonService } from './services/web/web-button-service.js';

declare module '../../core/index.js' {
  interface GroupServices {
    voiceSettingsService: VoiceSettingsService;
    voiceNumbersService: VoiceNumbersService;
    voiceCallsService: VoiceCallsService;
    voiceSimulator: VoiceSimulator;
    voiceCallEngine: VoiceCallEngine;
    voiceWebButton: WebButtonService;
  }
}
