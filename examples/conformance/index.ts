import { definePlugin } from 'switchboard';
import { conformanceErrors } from './errors.js';
import { testSimpleText } from './tools/test-simple-text.js';
import { testImageContent } from './tools/test-image-content.js';
import { testAudioContent } from './tools/test-audio-content.js';
import { testEmbeddedResource } from './tools/test-embedded-resource.js';
import { testMultipleContentTypes } from './tools/test-multiple-content-types.js';
import { testToolWithLogging } from './tools/test-tool-with-logging.js';
import { testToolWithProgress } from './tools/test-tool-with-progress.js';
import { testErrorHandling } from './tools/test-error-handling.js';
import { jsonSchema202012Tool } from './tools/json-schema-2020-12-tool.js';
import { testSampling } from './tools/test-sampling.js';
import { testElicitation } from './tools/test-elicitation.js';
import { testElicitationSep1034Defaults } from './tools/test-elicitation-sep1034-defaults.js';
import { testElicitationSep1330Enums } from './tools/test-elicitation-sep1330-enums.js';
import { staticText } from './resources/static-text.js';
import { staticBinary } from './resources/static-binary.js';
import { templateData } from './resources/template-data.js';
import { watchedResource } from './resources/watched-resource.js';
import { testSimplePrompt } from './prompts/test-simple-prompt.js';
import { testPromptWithArguments } from './prompts/test-prompt-with-arguments.js';
import { testPromptWithEmbeddedResource } from './prompts/test-prompt-with-embedded-resource.js';
import { testPromptWithImage } from './prompts/test-prompt-with-image.js';

/**
 * conformance: what the official MCP conformance suite calls, as a third-party group a deployment
 * enables only to run the suite (CI does). No tables, no shop data.
 */
export default definePlugin({
  name: 'conformance',
  version: '1.0.0',
  description: 'The MCP conformance suite’s fixture tools, resources and prompts. For testing only.',
  kernel: '^1.0.0',
  errors: conformanceErrors,
  tools: [
    testSimpleText,
    testImageContent,
    testAudioContent,
    testEmbeddedResource,
    testMultipleContentTypes,
    testToolWithLogging,
    testToolWithProgress,
    testErrorHandling,
    jsonSchema202012Tool,
    testSampling,
    testElicitation,
    testElicitationSep1034Defaults,
    testElicitationSep1330Enums,
  ],
  resources: [staticText, staticBinary, watchedResource],
  resourceTemplates: [templateData],
  prompts: [testSimplePrompt, testPromptWithArguments, testPromptWithEmbeddedResource, testPromptWithImage],
});
