import { invalidArguments, invalidState, notFound, type Services } from '../../../../core/index.js';
import { fingerprint } from '../../../prompt/surface.js';
import { SuggestionObservation } from '../../entities/suggestion-observation.entity.js';
import { TrainingSuggestion, type SuggestionLevel } from '../../entities/training-suggestion.entity.js';
import { agentCorrections, ticketResolutions, type MinedPair } from './mining-sources.js';

/** How alike two questions must be (trigram similarity, accents and case folded) to count as one suggestion. */
const SAME_QUESTION = 0.55;

const payload = (s: TrainingSuggestion) => ({
  id: s.id,
  level: s.level,
  question: s.question,
  answer: s.answer,
  status: s.status,
  status_reason: s.statusReason ?? null,
  source_count: s.sourceCount,
  created_snippet_id: s.createdSnippetId ?? null,
  created_prompt_version: s.createdPromptVersion ?? null,
  created_at: s.createdAt.toISOString(),
  applied_at: s.appliedAt?.toISOString() ?? null,
});

/**
 * Training suggestions: mined from ticket resolutions and agents' corrections (the built-in way:
 * the same question — equal once folded, or trigram-similar — counts again instead of making a
 * second suggestion), edited, then applied (a snippet, or a rule in the base prompt) or dismissed
 * for good.
 */
export class KnowledgeSuggestionsService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async mine(days: number) {
    const pairs = [...(await ticketResolutions(this.deps, days)), ...(await agentCorrections(this.deps, days))];
    let created = 0;
    let merged = 0;
    for (const pair of pairs) {
      const known = await this.same(pair);
      const suggestion =
        known ??
        this.em.create(TrainingSuggestion, {
          level: pair.level,
          question: pair.question.slice(0, 500),
          answer: pair.answer,
          fingerprint: fingerprint(pair.question),
          status: 'open',
          sourceCount: 0,
        } as TrainingSuggestion);
      suggestion.sourceCount += 1;
      this.em.create(SuggestionObservation, {
        suggestion,
        source: pair.source,
        ref: pair.ref,
        excerpt: pair.answer.slice(0, 500),
        seenAt: pair.seenAt,
      } as SuggestionObservation);
      await this.em.flush();
      if (known) merged++;
      else created++;
    }
    return { examined: pairs.length, created, merged };
  }

  /** The suggestion this pair repeats: the same fingerprint (whatever its status), or an open one of its level with a similar question. */
  private async same(pair: MinedPair): Promise<TrainingSuggestion | null> {
    const exact = await this.em.findOne(TrainingSuggestion, { fingerprint: fingerprint(pair.question) });
    if (exact) return exact;
    const [similar] = await this.em.execute<{ id: number }[]>(
      `select id from knowledge_suggestions where shop_id = ? and level = ? and status = 'open'
         and similarity(sb_search_text(question), sb_search_text(?)) >= ?
       order by similarity(sb_search_text(question), sb_search_text(?)) desc, id limit 1`,
      [this.deps.shop.id, pair.level, pair.question, SAME_QUESTION, pair.question],
    );
    return similar ? this.em.findOneOrFail(TrainingSuggestion, { id: similar.id }) : null;
  }

  async find(id: number): Promise<TrainingSuggestion> {
    const suggestion = await this.em.findOne(TrainingSuggestion, { id });
    if (!suggestion) throw notFound('training suggestion', id);
    return suggestion;
  }

  async list(status: string | undefined, level: SuggestionLevel | undefined, limit: number, offset: number) {
    const [rows, total] = await this.em.findAndCount(
      TrainingSuggestion,
      { ...(status && { status: status as TrainingSuggestion['status'] }), ...(level && { level }) },
      { orderBy: { sourceCount: 'desc', id: 'desc' }, limit, offset },
    );
    return { suggestions: rows.map(payload), total, limit, offset };
  }

  async get(id: number) {
    const suggestion = await this.find(id);
    const observations = await this.em.find(
      SuggestionObservation,
      { suggestion },
      { orderBy: { seenAt: 'desc' }, limit: 50 },
    );
    return {
      suggestion: payload(suggestion),
      observations: observations.map((o) => ({
        source: o.source,
        ref: o.ref,
        excerpt: o.excerpt,
        seen_at: o.seenAt.toISOString(),
      })),
    };
  }

  private async open(id: number, action: string): Promise<TrainingSuggestion> {
    const suggestion = await this.find(id);
    if (suggestion.status !== 'open')
      throw invalidState(`Suggestion ${id} is ${suggestion.status}; only an open suggestion can be ${action}.`, {
        current_status: suggestion.status,
        allowed: ['open'],
      });
    return suggestion;
  }

  async update(id: number, changes: { question?: string; answer?: string; level?: SuggestionLevel }) {
    if (changes.question === undefined && changes.answer === undefined && changes.level === undefined)
      throw invalidArguments('Nothing to change: give question, answer or level.');
    const suggestion = await this.open(id, 'edited');
    if (changes.question !== undefined) suggestion.question = changes.question.trim();
    if (changes.answer !== undefined) suggestion.answer = changes.answer.trim();
    if (changes.level !== undefined) suggestion.level = changes.level;
    await this.em.flush();
    return { suggestion: payload(suggestion) };
  }

  async dismiss(id: number, reason: string | undefined) {
    const suggestion = await this.open(id, 'dismissed');
    suggestion.status = 'dismissed';
    suggestion.statusReason = reason?.trim() || null;
    await this.em.flush();
    return { suggestion: payload(suggestion) };
  }

  /** For the confirmation: what applying will do, refused before any token when it cannot. */
  async describeApply(id: number): Promise<string> {
    const s = await this.open(id, 'applied');
    return s.level === 'snippet'
      ? `Apply training suggestion ${id} (level snippet): create the active knowledge snippet “${s.question.slice(0, 120)}” from ${s.sourceCount} source${s.sourceCount === 1 ? '' : 's'}.`
      : `Apply training suggestion ${id} (level prompt): add the rule “${s.answer.slice(0, 200)}” to the assistant’s base prompt (a new version).`;
  }

  /** A snippet (active: applying is the approval) or a new base-prompt version with the rule. */
  async apply(id: number) {
    const suggestion = await this.open(id, 'applied');
    if (suggestion.level === 'snippet') {
      const question = suggestion.question.trim();
      const { snippet } = await this.deps.knowledgeSnippetsService.create(
        {
          title: question.slice(0, 200),
          question: /[?？]\s*$/.test(question) ? question : null,
          content: suggestion.answer,
        },
        'active',
        'suggestion',
      );
      suggestion.createdSnippetId = snippet.id;
    } else {
      const { prompt } = await this.deps.promptService.addRule(suggestion.answer, `training suggestion ${id}`);
      suggestion.createdPromptVersion = prompt.version;
    }
    suggestion.status = 'applied';
    suggestion.appliedAt = new Date();
    await this.em.flush();
    return { suggestion: payload(suggestion) };
  }
}
