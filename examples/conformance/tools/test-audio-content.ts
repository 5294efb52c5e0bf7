import { audioContent, defineTool, withContent } from 'switchboard';
import { SILENT_WAV } from '../media.js';
import { FIXTURE } from './outputs.js';

export const testAudioContent = defineTool({
  name: 'test_audio_content',
  title: 'Audio content',
  description: 'Conformance fixture: answers with 10 ms of silence as WAV.',
  ...FIXTURE,
  handler: async () => withContent({ message: '10 ms of silence.' }, audioContent(SILENT_WAV, 'audio/wav')),
});
