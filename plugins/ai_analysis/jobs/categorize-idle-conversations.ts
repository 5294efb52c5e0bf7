import { ToolError } from '../../../core/index.js';
import { defineJob } from '../define.js';

const SHOPS_PER_RUN = 50;
const PER_SHOP = 20;

/**
 * For shops that switched auto_categorize_inbound on: conversations quiet for the shop's idle
 * minutes whose newest message no analysis has seen are analysed (a model call with a provider,
 * outside any transaction) and stored in a short transaction, each announcing
 * `ai_analysis.conversation_categorized`.
 */
export const categorizeIdleConversations = defineJob({
  name: 'categorize-idle-conversations',
  schedule: '0 */5 * * * *',
  scope: 'system',
  transactional: false,
  description: 'Categorizes conversations that went quiet, for shops with auto_categorize_inbound on.',
  run: async ({ em, forShop, log }) => {
    const shops = await em.execute<{ shop_id: number }[]>(
      'select shop_id from ai_analysis_settings where auto_categorize_inbound order by shop_id limit ?',
      [SHOPS_PER_RUN],
    );
    for (const { shop_id } of shops) {
      await forShop(shop_id, async (ctx) => {
        const services = ctx.services;
        const settings = await services.analysisSettingsService.current();
        const idle = await services.analysisConversationReader.idleUnanalysed(
          settings.categorizeAfterIdleMinutes,
          PER_SHOP,
        );
        const { engine } = await services.analysisEngineService.label();
        for (const conversation of idle) {
          const findings = await services.analysisCategorizeService.analyseOne(conversation);
          await ctx.transaction(({ services: tx }) =>
            tx.analysisRecordsService.storeFindings(conversation, findings, engine),
          );
        }
      }).catch((err) => {
        if (err instanceof ToolError)
          log.warn({ shopId: shop_id, code: err.code }, 'ai_analysis: categorizing skipped for a shop');
        else log.error({ err, shopId: shop_id }, 'ai_analysis: categorizing failed for a shop');
      });
    }
  },
});
