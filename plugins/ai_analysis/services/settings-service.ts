import { invalidArguments, type Services } from '../../../core/index.js';
import { AnalysisSettings } from '../entities/analysis-settings.entity.js';
import { INTENTS, TOPICS } from './builtin/intent-classifier.js';

export interface TaxonomyTopic {
  key: string;
  label: string;
  /** Words or phrases per language (cue syntax: a word matches the words it begins). */
  keywords: Record<string, string[]>;
}

export interface TagRule {
  /** A topic key (built-in or the shop's) or an intent. */
  when: string;
  tag: string;
}

export const BUILTIN_TASKS = ['language', 'sentiment'] as const;
export type BuiltinTask = (typeof BUILTIN_TASKS)[number];

export interface AnalysisSettingsValues {
  topics: TaxonomyTopic[];
  tagRules: TagRule[];
  autoCategorizeInbound: boolean;
  categorizeAfterIdleMinutes: number;
  builtinFor: BuiltinTask[];
}

export const DEFAULT_ANALYSIS_SETTINGS: AnalysisSettingsValues = {
  topics: [],
  tagRules: [],
  autoCategorizeInbound: false,
  categorizeAfterIdleMinutes: 30,
  builtinFor: ['language', 'sentiment'],
};

export interface AnalysisSettingsChanges {
  topics?: TaxonomyTopic[];
  tag_rules?: TagRule[];
  auto_categorize_inbound?: boolean;
  categorize_after_idle_minutes?: number;
  builtin_for?: BuiltinTask[];
}

const payload = (s: AnalysisSettingsValues) => ({
  topics: s.topics,
  tag_rules: s.tagRules,
  auto_categorize_inbound: s.autoCategorizeInbound,
  categorize_after_idle_minutes: s.categorizeAfterIdleMinutes,
  builtin_for: s.builtinFor,
  builtin_topics: [...TOPICS],
  intents: [...INTENTS],
});

/** The shop's taxonomy (its own topics and their words), tag rules, and when analysis runs by itself. */
export class AnalysisSettingsService {
  constructor(private readonly deps: Services) {}

  async current(): Promise<AnalysisSettingsValues> {
    const row = await this.deps.em.findOne(AnalysisSettings, {});
    return row
      ? {
          topics: row.topics,
          tagRules: row.tagRules,
          autoCategorizeInbound: row.autoCategorizeInbound,
          categorizeAfterIdleMinutes: row.categorizeAfterIdleMinutes,
          builtinFor: row.builtinFor as BuiltinTask[],
        }
      : DEFAULT_ANALYSIS_SETTINGS;
  }

  async get() {
    return { settings: payload(await this.current()) };
  }

  async update(changes: AnalysisSettingsChanges) {
    if (Object.values(changes).every((v) => v === undefined))
      throw invalidArguments('Nothing to change: give at least one setting.', []);
    const topics = changes.topics ?? (await this.current()).topics;
    checkTaxonomy(topics, changes.tag_rules);
    const row =
      (await this.deps.em.findOne(AnalysisSettings, {})) ??
      this.deps.em.create(AnalysisSettings, { ...DEFAULT_ANALYSIS_SETTINGS } as AnalysisSettings);
    if (changes.topics !== undefined) row.topics = changes.topics;
    if (changes.tag_rules !== undefined) row.tagRules = changes.tag_rules;
    if (changes.auto_categorize_inbound !== undefined) row.autoCategorizeInbound = changes.auto_categorize_inbound;
    if (changes.categorize_after_idle_minutes !== undefined)
      row.categorizeAfterIdleMinutes = changes.categorize_after_idle_minutes;
    if (changes.builtin_for !== undefined) row.builtinFor = [...new Set(changes.builtin_for)];
    await this.deps.em.flush();
    return this.get();
  }
}

function checkTaxonomy(topics: TaxonomyTopic[], rules: TagRule[] | undefined): void {
  const keys = new Set<string>();
  topics.forEach((t, i) => {
    if (keys.has(t.key))
      throw invalidArguments(`Topic key "${t.key}" is used twice.`, [
        { path: `topics.${i}.key`, message: 'is used twice' },
      ]);
    keys.add(t.key);
  });
  const known = new Set<string>([...keys, ...TOPICS, ...INTENTS]);
  rules?.forEach((r, i) => {
    if (!known.has(r.when))
      throw invalidArguments(`Tag rule ${i + 1} names "${r.when}", which is neither a topic nor an intent.`, [
        { path: `tag_rules.${i}.when`, message: 'is not a topic or an intent' },
      ]);
  });
}
