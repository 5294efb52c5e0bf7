import type { Services } from '../../../../core/index.js';
import type { SuggestionLevel } from '../../entities/training-suggestion.entity.js';

/** One thing the team did that may teach the assistant, not yet looked at. */
export interface MinedPair {
  source: 'ticket' | 'correction';
  ref: number;
  level: SuggestionLevel;
  question: string;
  answer: string;
  seenAt: Date;
}

/** Corrections of these categories are facts the assistant should know (a snippet); the others are behaviour (a prompt rule). */
const FACT_CATEGORIES = new Set(['product_facts', 'policy']);

const LIMIT = 1000;

/** Resolutions of tickets (when the tickets group is enabled): the ticket's title asks, the resolution answers. */
export async function ticketResolutions(services: Services, days: number): Promise<MinedPair[]> {
  if (!services.kernelCatalog.names().includes('tickets')) return [];
  const rows = await services.em.execute<{ id: number; title: string; resolution: string; created_at: Date }[]>(
    `select r.id, r.title, r.resolution, r.created_at from ticket_resolutions_view r
     where r.shop_id = ? and r.created_at >= now() - make_interval(days => ?)
       and not exists (select 1 from knowledge_observations o where o.shop_id = r.shop_id and o.source = 'ticket' and o.ref = r.id)
     order by r.id limit ?`,
    [services.shop.id, days, LIMIT],
  );
  return rows.map((r) => ({
    source: 'ticket',
    ref: r.id,
    level: 'snippet',
    question: r.title,
    answer: r.resolution,
    seenAt: new Date(r.created_at),
  }));
}

/** Agents' corrections of the assistant (prompt group): the correction is the rule or the fact. */
export async function agentCorrections(services: Services, days: number): Promise<MinedPair[]> {
  const rows = await services.em.execute<
    { id: number; correction: string; category: string | null; created_at: Date }[]
  >(
    `select f.id, f.correction, f.category, f.created_at from ai_feedback_view f
     where f.shop_id = ? and f.rating = 'bad' and f.correction is not null and f.created_at >= now() - make_interval(days => ?)
       and not exists (select 1 from knowledge_observations o where o.shop_id = f.shop_id and o.source = 'correction' and o.ref = f.id)
     order by f.id limit ?`,
    [services.shop.id, days, LIMIT],
  );
  return rows.map((r) => ({
    source: 'correction',
    ref: r.id,
    level: FACT_CATEGORIES.has(r.category ?? '') ? 'snippet' : 'prompt',
    question: r.correction,
    answer: r.correction,
    seenAt: new Date(r.created_at),
  }));
}
