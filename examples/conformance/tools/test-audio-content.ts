import { Type, audioContent, defineTool, withContent } from 'switchboard';
import { SILENT_WAV } from '../media.js';
import { MessageResult } from './outputs.js';

export const testAudioContent = defineTool({
  name: 'test_audio_content',
  title: 'Audio content',
  description: 'Conformance fixture: answers with 10 ms of silence as WAV.',
  kind: 'query',
  hints: { readOnly: true, destructive: false, idempotent: true, openWorld: false },
  input: Type.Object({}),
  output: MessageResult,
  handler: async () => withContent({ message: '10 ms of silence.' }, audioContent(SILENT_WAV, 'audio/wav')),
});
