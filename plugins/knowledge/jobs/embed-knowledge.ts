import { ToolError } from '../../../core/index.js';
import { defineJob } from '../define.js';

const BATCH = 64;
const BATCHES_PER_SHOP = 4;
const SHOPS_PER_PASS = 50;

/** Where the round over all shops got to, in this process (a restart starts again from the first). */
let cursor = 0;

/**
 * Makes the vectors the shops' current embedding models still lack, snippets first, then
 * documents' chunks: for shops whose snippets or documents changed in the last minutes, and, in
 * turn, every other shop with knowledge (so a model changed in the provider settings is noticed).
 * The model call runs outside any transaction; each batch is written in a short one. A shop on the
 * built-in engine, or without an embedding model, is skipped.
 */
export const embedKnowledge = defineJob({
  name: 'embed-knowledge',
  schedule: '*/10 * * * * *',
  scope: 'system',
  transactional: false,
  description:
    'Embeds new and edited knowledge snippets and document chunks with the shop’s embedding model (when it has one).',
  run: async ({ em, forShop, log }) => {
    const turn = await em.execute<{ shop_id: number }[]>(
      `select shop_id from (select shop_id from knowledge_snippets union select shop_id from knowledge_documents) k
       where shop_id > ? order by shop_id limit ?`,
      [cursor, SHOPS_PER_PASS],
    );
    cursor = turn.length < SHOPS_PER_PASS ? 0 : turn.at(-1)!.shop_id;
    const recent = await em.execute<{ shop_id: number }[]>(
      `select shop_id from knowledge_snippets where updated_at > now() - interval '2 minutes'
       union select shop_id from knowledge_documents where updated_at > now() - interval '2 minutes'`,
    );
    for (const shopId of new Set([...recent, ...turn].map((r) => r.shop_id))) {
      await forShop(shopId, async (ctx) => {
        const embeddings = ctx.services.knowledgeEmbeddingsService;
        const model = await embeddings.model();
        if (!model) return;
        await embeddings.purgeOtherModels(model);
        for (let i = 0; i < BATCHES_PER_SHOP; i++) {
          const stale = await embeddings.stale(model, BATCH);
          const chunks = stale.length < BATCH ? await embeddings.staleChunks(model, BATCH - stale.length) : [];
          if (stale.length + chunks.length === 0) return;
          const { vectors } = await ctx.services.promptAiService.embed(
            'all',
            [...stale, ...chunks].map((s) => s.text),
          );
          await ctx.transaction(async ({ services }) => {
            await services.knowledgeEmbeddingsService.store(
              model,
              stale.map((snippet, j) => ({ snippet, vector: vectors[j]! })),
            );
            await services.knowledgeEmbeddingsService.storeChunks(
              model,
              chunks.map((chunk, j) => ({ chunk, vector: vectors[stale.length + j]! })),
            );
          });
        }
      }).catch((err) => {
        if (err instanceof ToolError) log.warn({ shopId, code: err.code }, 'knowledge: embedding skipped for a shop');
        else log.error({ err, shopId }, 'knowledge: embedding failed for a shop');
      });
    }
  },
});
