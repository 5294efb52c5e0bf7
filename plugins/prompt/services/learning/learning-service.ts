import { invalidArguments, invalidState, notFound, type Services } from '../../../../core/index.js';
import { AiFeedback } from '../../entities/ai-feedback.entity.js';
import { LearnedRule, type RuleStatus } from '../../entities/learned-rule.entity.js';
import {
  LEARNING_CATEGORIES,
  LearningSetting,
  type LearningCategory,
  type LearningMode,
} from '../../entities/learning-setting.entity.js';
import type { Surface } from '../ai/ai-types.js';
import { fingerprint } from './fingerprint.js';

/** Corrections that activate a rule by themselves in enforced mode (for an enforced category). */
export const ENFORCE_AFTER_EVIDENCE = 3;
export const DEFAULT_MAX_RULES = 5;

export interface LearningChanges {
  mode?: LearningMode;
  max_rules?: number;
  enabled_categories?: LearningCategory[];
  enforced_categories?: LearningCategory[];
}

export interface LearningView {
  surface: Surface;
  mode: LearningMode;
  max_rules: number;
  enabled_categories: LearningCategory[];
  enforced_categories: LearningCategory[];
  /** Where the settings come from when the surface has none of its own: `all`, or the defaults. */
  inherited_from: 'all' | 'defaults' | null;
}

export interface FeedbackRequest {
  surface: Surface;
  rating: 'good' | 'bad';
  answer?: string | null;
  correction?: string | null;
  category?: LearningCategory | null;
}

const rulePayload = (r: LearnedRule) => ({
  id: r.id,
  surface: r.surface,
  category: r.category,
  text: r.text,
  status: r.status,
  evidence_count: r.evidenceCount,
  activated_by: r.activatedBy ?? null,
  created_at: r.createdAt.toISOString(),
  activated_at: r.activatedAt?.toISOString() ?? null,
});
export type RulePayload = ReturnType<typeof rulePayload>;

const unique = <T>(values: T[]) => [...new Set(values)];

/**
 * Learning from agents' corrections, per surface (`all` is the default of the others): off records
 * nothing; shadow records candidate rules and never uses them; soft uses the rules an agent
 * activated; enforced also activates, by itself, a candidate of an enforced category once three
 * corrections back it. At most max_rules active rules reach the prompt, most backed first.
 */
export class AiLearningService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async settings(surface: Surface): Promise<LearningView> {
    const rows = await this.em.find(LearningSetting, { surface: { $in: unique([surface, 'all']) } });
    const own = rows.find((r) => r.surface === surface);
    const base = own ?? rows.find((r) => r.surface === 'all');
    return {
      surface,
      mode: base?.mode ?? 'shadow',
      max_rules: base?.maxRules ?? DEFAULT_MAX_RULES,
      enabled_categories: base?.enabledCategories ?? [...LEARNING_CATEGORIES],
      enforced_categories: base?.enforcedCategories ?? [],
      inherited_from: own ? null : base ? 'all' : 'defaults',
    };
  }

  /** Changes only what is given; a surface's first settings start from what it inherited. */
  async configure(surface: Surface, changes: LearningChanges): Promise<LearningView> {
    const current = await this.settings(surface);
    const enabled = unique(changes.enabled_categories ?? current.enabled_categories);
    const enforced = unique(changes.enforced_categories ?? current.enforced_categories);
    const outside = enforced.filter((c) => !enabled.includes(c));
    if (outside.length)
      throw invalidArguments('enforced_categories must be among enabled_categories.', [
        { path: 'enforced_categories', message: `not enabled: ${outside.join(', ')}` },
      ]);
    const row =
      (await this.em.findOne(LearningSetting, { surface })) ??
      this.em.create(LearningSetting, { surface } as LearningSetting);
    row.mode = changes.mode ?? current.mode;
    row.maxRules = changes.max_rules ?? current.max_rules;
    row.enabledCategories = enabled;
    row.enforcedCategories = enforced;
    await this.em.flush();
    return this.settings(surface);
  }

  /**
   * An agent's verdict on an answer. A bad one with a correction teaches, unless learning is off
   * or its category is not enabled: the correction becomes a candidate rule, or backs the same one.
   */
  async feedback(request: FeedbackRequest) {
    const settings = await this.settings(request.surface);
    const category = request.category ?? 'other';
    const correction = request.correction?.trim() || null;
    if (request.rating === 'bad' && !correction && !request.answer)
      throw invalidArguments('A bad rating needs the answer or a correction to learn from.', [
        { path: 'correction', message: 'required with rating bad when answer is not given' },
      ]);
    let rule: LearnedRule | null = null;
    let learned: string;
    if (request.rating !== 'bad' || !correction) learned = 'nothing to learn: no correction';
    else if (settings.mode === 'off') learned = 'not learned: learning is off for this surface';
    else if (!settings.enabled_categories.includes(category))
      learned = `not learned: the category ${category} is not enabled`;
    else {
      rule = await this.candidate(request.surface, category, correction);
      learned =
        rule.status === 'active' ? 'backs an active rule' : `candidate rule (${rule.evidenceCount} corrections)`;
      if (
        rule.status === 'candidate' &&
        settings.mode === 'enforced' &&
        settings.enforced_categories.includes(category) &&
        rule.evidenceCount >= ENFORCE_AFTER_EVIDENCE
      ) {
        this.activate(rule, 'enforced');
        learned = 'rule activated: enforced category backed by enough corrections';
      }
    }
    const saved = this.em.create(AiFeedback, {
      surface: request.surface,
      rating: request.rating,
      answer: request.answer ?? null,
      correction,
      category: correction ? category : null,
      ruleId: rule?.id ?? null,
    } as AiFeedback);
    await this.em.flush();
    return { feedback_id: saved.id, learned, rule: rule ? rulePayload(rule) : null };
  }

  private async candidate(surface: Surface, category: LearningCategory, text: string): Promise<LearnedRule> {
    const print = fingerprint(text);
    const existing = await this.em.findOne(LearnedRule, { surface, fingerprint: print });
    if (existing) {
      existing.evidenceCount += 1;
      await this.em.flush();
      return existing;
    }
    const rule = this.em.create(LearnedRule, {
      surface,
      category,
      text: text.slice(0, 500),
      fingerprint: print,
      status: 'candidate',
      evidenceCount: 1,
    } as LearnedRule);
    await this.em.flush();
    return rule;
  }

  private activate(rule: LearnedRule, by: 'agent' | 'enforced') {
    rule.status = 'active';
    rule.activatedBy = by;
    rule.activatedAt = new Date();
  }

  /** activate (with the text edited first, if given), reject a candidate, or retire an active rule. */
  async review(ruleId: number, decision: 'activate' | 'reject' | 'retire', text?: string) {
    const rule = await this.em.findOne(LearnedRule, { id: ruleId });
    if (!rule) throw notFound('learned rule', ruleId);
    const allowed: Record<typeof decision, RuleStatus[]> = {
      activate: ['candidate', 'rejected', 'retired'],
      reject: ['candidate'],
      retire: ['active'],
    };
    if (!allowed[decision].includes(rule.status))
      throw invalidState(`Rule ${ruleId} is ${rule.status}; ${decision} applies to ${allowed[decision].join(', ')}.`, {
        current_status: rule.status,
        allowed: allowed[decision],
      });
    if (text !== undefined) {
      if (decision !== 'activate')
        throw invalidArguments('text edits a rule being activated.', [{ path: 'text', message: 'only with activate' }]);
      rule.text = text.trim();
    }
    if (decision === 'activate') this.activate(rule, 'agent');
    else rule.status = decision === 'reject' ? 'rejected' : 'retired';
    await this.em.flush();
    return { rule: rulePayload(rule) };
  }

  async rules(surface: Surface, status: RuleStatus | undefined, limit: number) {
    const rows = await this.em.find(
      LearnedRule,
      { surface, ...(status && { status }) },
      { orderBy: { evidenceCount: 'desc', id: 'desc' }, limit },
    );
    return rows.map(rulePayload);
  }

  /**
   * The rules the assistant uses on a surface: none in off and shadow; otherwise the active rules of
   * the surface and of `all`, most backed first, at most max_rules.
   */
  async applied(surface: Surface): Promise<RulePayload[]> {
    const settings = await this.settings(surface);
    if (settings.mode === 'off' || settings.mode === 'shadow') return [];
    const rows = await this.em.find(
      LearnedRule,
      { surface: { $in: unique([surface, 'all']) }, status: 'active' },
      { orderBy: { evidenceCount: 'desc', activatedAt: 'desc', id: 'desc' }, limit: settings.max_rules },
    );
    return rows.map(rulePayload);
  }
}
