import type { Services } from '../../../core/index.js';
import { KnowledgeSettings } from '../entities/knowledge-settings.entity.js';

export const DEFAULT_KNOWLEDGE_SETTINGS = {
  topK: 3,
  relevanceThreshold: 0.15,
  hybridWeight: 0.5,
  requireApproval: true,
};

export interface KnowledgeSettingsChanges {
  top_k?: number;
  relevance_threshold?: number;
  hybrid_weight?: number;
  require_approval?: boolean;
}

const payload = (s: typeof DEFAULT_KNOWLEDGE_SETTINGS) => ({
  top_k: s.topK,
  relevance_threshold: s.relevanceThreshold,
  hybrid_weight: s.hybridWeight,
  require_approval: s.requireApproval,
});

/** How the shop's knowledge is searched (top_k, threshold, the weight of vectors) and whether imports wait for approval. */
export class KnowledgeSettingsService {
  constructor(private readonly deps: Services) {}

  async current(): Promise<typeof DEFAULT_KNOWLEDGE_SETTINGS> {
    const row = await this.deps.em.findOne(KnowledgeSettings, {});
    return row
      ? {
          topK: row.topK,
          relevanceThreshold: Number(row.relevanceThreshold),
          hybridWeight: Number(row.hybridWeight),
          requireApproval: row.requireApproval,
        }
      : DEFAULT_KNOWLEDGE_SETTINGS;
  }

  async get() {
    const counts = await this.deps.em.execute<{ status: string; n: number }[]>(
      'select status, count(*)::int as n from knowledge_snippets where shop_id = ? group by status',
      [this.deps.shop.id],
    );
    const documents = await this.deps.em.execute<{ status: string; n: number; chunks: number }[]>(
      'select status, count(*)::int as n, sum(chunk_count)::int as chunks from knowledge_documents where shop_id = ? group by status',
      [this.deps.shop.id],
    );
    const count = (rows: { status: string; n: number }[], statuses: string[]) =>
      Object.fromEntries(statuses.map((s) => [s, rows.find((c) => c.status === s)?.n ?? 0]));
    return {
      settings: payload(await this.current()),
      embeddings: await this.deps.knowledgeEmbeddingsService.status(await this.deps.knowledgeEmbeddingsService.model()),
      snippets: count(counts, ['pending', 'active', 'rejected', 'expired']),
      documents: {
        ...count(documents, ['processing', 'ready', 'failed']),
        chunks: documents.reduce((sum, d) => sum + d.chunks, 0),
      },
    };
  }

  async update(changes: KnowledgeSettingsChanges) {
    const row =
      (await this.deps.em.findOne(KnowledgeSettings, {})) ??
      this.deps.em.create(KnowledgeSettings, { ...DEFAULT_KNOWLEDGE_SETTINGS } as KnowledgeSettings);
    if (changes.top_k !== undefined) row.topK = changes.top_k;
    if (changes.relevance_threshold !== undefined) row.relevanceThreshold = changes.relevance_threshold;
    if (changes.hybrid_weight !== undefined) row.hybridWeight = changes.hybrid_weight;
    if (changes.require_approval !== undefined) row.requireApproval = changes.require_approval;
    await this.deps.em.flush();
    return this.get();
  }
}
