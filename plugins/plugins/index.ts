import { definePlugin } from '../../core/index.js';
import { WidgetsConfig } from './config.js';
import { widgetErrors } from './errors.js';
import { DocqaAssistant } from './entities/docqa-assistant.entity.js';
import { DocqaFile } from './entities/docqa-file.entity.js';
import { WidgetConfig } from './entities/widget-config.entity.js';
import { WidgetMessage } from './entities/widget-message.entity.js';
import { WidgetRateCounter } from './entities/widget-rate-counter.entity.js';
import { WidgetSession } from './entities/widget-session.entity.js';
import { WidgetsInit } from './migrations/0001-init.js';
import { WidgetsTenantIndexesCovered } from './migrations/0002-tenant-indexes-covered.js';
import { widgetRoutes } from './routes/widget-routes.js';
import { DocqaService } from './services/docqa/docqa-service.js';
import { WidgetPreviewService } from './services/preview-service.js';
import { WidgetConversationsService } from './services/sessions/conversations-service.js';
import { WidgetConfigService } from './services/settings/widget-config-service.js';
import { ProductQaVisitor } from './services/visitors/product-questions.js';
import { VisitorService } from './services/visitors/visitor-service.js';
import { configurePluginChat } from './tools/configure-plugin-chat.js';
import { getPluginConfig } from './tools/get-plugin-config.js';
import { rotatePluginKeys } from './tools/rotate-plugin-keys.js';
import { previewPluginChat } from './tools/preview-plugin-chat.js';
import { listPluginConversations } from './tools/list-plugin-conversations.js';
import { getPluginConversation } from './tools/get-plugin-conversation.js';
import { checkPluginConversationNote } from './tools/check-plugin-conversation-note.js';
import { addPluginConversationNote } from './tools/add-plugin-conversation-note.js';
import { replyPluginConversation } from './tools/reply-plugin-conversation.js';
import { linkPluginConversationCustomer } from './tools/link-plugin-conversation-customer.js';
import { closePluginConversation } from './tools/close-plugin-conversation.js';
import { getPluginStats } from './tools/get-plugin-stats.js';
import { configurePluginProductqa } from './tools/configure-plugin-productqa.js';
import { createDocqaAssistant } from './tools/create-docqa-assistant.js';
import { listDocqaAssistants } from './tools/list-docqa-assistants.js';
import { getDocqaAssistant } from './tools/get-docqa-assistant.js';
import { updateDocqaAssistant } from './tools/update-docqa-assistant.js';
import { deleteDocqaAssistant } from './tools/delete-docqa-assistant.js';
import { addDocqaFile } from './tools/add-docqa-file.js';
import { removeDocqaFile } from './tools/remove-docqa-file.js';
import { checkDocqaFileStatus } from './tools/check-docqa-file-status.js';
import { askDocqaAssistant } from './tools/ask-docqa-assistant.js';

/**
 * plugins: the web widgets served to shoppers' browsers — a chat bubble answered by the assistant
 * with a person able to take over, a product-question box that publishes FAQs, and document Q&A
 * assistants that answer only from their own files, citing them. One script (esbuild, Shadow DOM,
 * text only), public routes under a rotatable key, `allowed_domains` enforced by Origin and
 * frame-ancestors, and rate limits counted in the database so every process shares them.
 */
export default definePlugin({
  name: 'plugins',
  version: '1.0.0',
  description:
    'Web widgets on the shop’s site: the assistant’s chat bubble with human takeover, the product-question box with FAQs, and document Q&A assistants answering from their own files.',
  kernel: '^1.0.0',
  servicePrefix: 'widget',
  dependencies: ['knowledge', 'customers'],
  /** products: the product-question box; storage: files for document assistants. */
  optionalDependencies: ['products', 'storage'],
  configSchema: WidgetsConfig,
  entities: [WidgetConfig, DocqaAssistant, DocqaFile, WidgetSession, WidgetMessage, WidgetRateCounter],
  migrations: [
    { name: '0001-init', class: WidgetsInit },
    { name: '0002-tenant-indexes-covered', class: WidgetsTenantIndexesCovered },
  ],
  services: {
    widgetConfigService: WidgetConfigService,
    widgetDocqaService: DocqaService,
    widgetVisitorService: VisitorService,
    widgetProductQa: ProductQaVisitor,
    widgetConversationsService: WidgetConversationsService,
    widgetPreviewService: WidgetPreviewService,
  },
  errors: widgetErrors,
  tools: [
    configurePluginChat,
    getPluginConfig,
    rotatePluginKeys,
    previewPluginChat,
    listPluginConversations,
    getPluginConversation,
    checkPluginConversationNote,
    addPluginConversationNote,
    replyPluginConversation,
    linkPluginConversationCustomer,
    closePluginConversation,
    getPluginStats,
    configurePluginProductqa,
    createDocqaAssistant,
    listDocqaAssistants,
    getDocqaAssistant,
    updateDocqaAssistant,
    deleteDocqaAssistant,
    addDocqaFile,
    removeDocqaFile,
    checkDocqaFileStatus,
    askDocqaAssistant,
  ],
  retention: [
    { table: 'widget_messages', column: 'created_at', days: (c) => c.retentionDays },
    { table: 'widget_sessions', column: 'created_at', days: (c) => c.retentionDays },
    { table: 'widget_rate_counters', column: 'window_start', days: () => 2 },
  ],
  setup: (setup) => {
    widgetRoutes(setup);
  },
});
