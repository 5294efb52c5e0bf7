import { invalidArguments, notFound, ToolError, type Services } from '../../../../core/index.js';
import { PromptVersion, type VersionSource } from '../../entities/prompt-version.entity.js';
import type { Surface } from '../ai/ai-types.js';
import { defaultPrompt } from './default-prompt.js';
import { applyEdit } from './prompt-edits.js';

export const PROMPT_MAX = 20_000;

const LOCK_SQL = `select pg_advisory_xact_lock(hashtext('prompt.versions'), hashtext(?))`;

export interface PromptText {
  surface: Surface;
  /** 0: nothing saved yet (the default base prompt, or no addition). */
  version: number;
  text: string;
  note: string | null;
  source: VersionSource | 'default';
  restored_from: number | null;
  created_at: string | null;
}

export interface SaveRequest {
  surface: Surface;
  text: string;
  note?: string | null;
  /** The version the caller edited; a newer one saved since answers `conflict`. */
  expectedVersion?: number;
  source?: VersionSource;
  restoredFrom?: number | null;
}

const payload = (v: PromptVersion): PromptText => ({
  surface: v.surface as Surface,
  version: v.version,
  text: v.text,
  note: v.note ?? null,
  source: v.source,
  restored_from: v.restoredFrom ?? null,
  created_at: v.createdAt.toISOString(),
});

/**
 * The shop's prompt: a base prompt (surface `all`) and an addition per surface, each an
 * append-only list of versions whose latest is current. Saves of one surface are serialised by a
 * transaction-scoped advisory lock, so `expected_version` is checked against what is really there.
 */
export class PromptService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  private async latest(surface: Surface): Promise<PromptVersion | null> {
    return this.em.findOne(PromptVersion, { surface }, { orderBy: { version: 'desc' } });
  }

  /** The current text of a surface, or the given version of it. */
  async get(surface: Surface, version?: number): Promise<PromptText> {
    if (version !== undefined && version > 0) {
      const found = await this.em.findOne(PromptVersion, { surface, version });
      if (!found) throw notFound('prompt version', version);
      return payload(found);
    }
    const current = await this.latest(surface);
    if (current) return payload(current);
    if (version !== undefined && version !== 0) throw notFound('prompt version', version);
    return {
      surface,
      version: 0,
      text: surface === 'all' ? defaultPrompt(this.deps.shop.name) : '',
      note: null,
      source: 'default',
      restored_from: null,
      created_at: null,
    };
  }

  /** Adds a version unless the text is the current one already (changed false). */
  async save(request: SaveRequest): Promise<{ prompt: PromptText; changed: boolean; previous_version: number }> {
    const text = request.text.replace(/\r\n/g, '\n').trim();
    if (request.surface === 'all' && text.length === 0)
      throw invalidArguments('The base prompt cannot be empty.', [{ path: 'prompt', message: 'must not be blank' }]);
    if (text.length > PROMPT_MAX)
      throw invalidArguments(`The prompt is longer than ${PROMPT_MAX} characters.`, [
        { path: 'prompt', message: `must have at most ${PROMPT_MAX} characters` },
      ]);
    await this.em.execute(LOCK_SQL, [`${this.deps.shop.id}:${request.surface}`]);
    const current = await this.get(request.surface);
    if (request.expectedVersion !== undefined && request.expectedVersion !== current.version)
      throw new ToolError(
        'conflict',
        `Version ${current.version} of the ${request.surface} prompt was saved after version ${request.expectedVersion}; read it again (get_prompt) and save on top of it.`,
        { current_version: current.version, expected_version: request.expectedVersion },
      );
    if (current.version > 0 && current.text === text)
      return { prompt: current, changed: false, previous_version: current.version };
    const saved = this.em.create(PromptVersion, {
      surface: request.surface,
      version: current.version + 1,
      text,
      note: request.note ?? null,
      source: request.source ?? 'save',
      restoredFrom: request.restoredFrom ?? null,
    } as PromptVersion);
    await this.em.flush();
    return { prompt: payload(saved), changed: true, previous_version: current.version };
  }

  /** A rule added to the base prompt's Rules list as a new version (a training suggestion applied). */
  async addRule(rule: string, note: string) {
    const current = await this.get('all');
    const edited = applyEdit(current.text, { op: 'add_rule', text: rule });
    return this.save({ surface: 'all', text: edited.text, note, source: 'suggestion' });
  }

  /** A new version with an earlier version's text: history is never rewritten. */
  async restore(surface: Surface, version: number, note?: string | null) {
    const earlier = await this.em.findOne(PromptVersion, { surface, version });
    if (!earlier) throw notFound('prompt version', version);
    return this.save({
      surface,
      text: earlier.text,
      note: note ?? `restored version ${version}`,
      source: 'restore',
      restoredFrom: version,
    });
  }

  /**
   * What the assistant is told on a surface: the base prompt, the surface's addition, and the
   * learned rules in use there.
   */
  async effective(surface: Surface) {
    const base = await this.get('all');
    const addition = surface === 'all' ? null : await this.get(surface);
    const rules = await this.deps.promptLearningService.applied(surface);
    const parts = [base.text];
    if (addition?.text) parts.push(addition.text);
    if (rules.length)
      parts.push(['Learned from the team’s corrections:', ...rules.map((r) => `- ${r.text}`)].join('\n'));
    return {
      text: parts.join('\n\n'),
      base_version: base.version,
      surface_version: addition?.version ?? null,
      rules: rules.map((r) => ({ id: r.id, category: r.category, text: r.text })),
    };
  }

  async list(surface: Surface, limit: number, offset: number) {
    const [rows, total] = await this.em.findAndCount(
      PromptVersion,
      { surface },
      { orderBy: { version: 'desc' }, limit, offset },
    );
    return {
      versions: rows.map((v) => ({
        version: v.version,
        note: v.note ?? null,
        source: v.source,
        restored_from: v.restoredFrom ?? null,
        characters: v.text.length,
        excerpt: v.text.length > 200 ? `${v.text.slice(0, 200)}…` : v.text,
        created_at: v.createdAt.toISOString(),
      })),
      total,
      limit,
      offset,
    };
  }
}
