/** The plugins group (the web widgets) as other groups see it: its services. Types only. */
import type { WidgetConfigService } from './services/settings/widget-config-service.js';
import type { DocqaService } from './services/docqa/docqa-service.js';
import type { VisitorService } from './services/visitors/visitor-service.js';
import type { ProductQaVisitor } from './services/visitors/product-questions.js';
import type { WidgetConversationsService } from './services/sessions/conversations-service.js';
import type { WidgetPreviewService } from './services/preview-service.js';

declare module '../../core/index.js' {
  interface GroupServices {
    widgetConfigService: WidgetConfigService;
    widgetDocqaService: DocqaService;
    widgetVisitorService: VisitorService;
    widgetProductQa: ProductQaVisitor;
    widgetConversationsService: WidgetConversationsService;
    widgetPreviewService: WidgetPreviewService;
  }
}
