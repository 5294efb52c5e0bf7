import { invalidArguments, notFound, normalizePhone, ToolError, type Services } from '../../../../core/index.js';
import { AutoReplyRule } from '../../entities/auto-reply-rule.entity.js';
import type { RuleMatch, RuleType, RuleWhen } from '../../entities/values.js';
import { fillPlaceholders, unknownPlaceholders } from '../definition/placeholders.js';
import { isOpen } from '../engine/business-hours.js';
import { CONVERSATION_GAP_HOURS, matchingRules } from './rule-matching.js';

export interface RuleFields {
  type?: RuleType;
  name?: string;
  session_ids?: number[];
  keywords?: string[];
  match?: RuleMatch;
  reply_text?: string | null;
  ai_reply?: boolean;
  when?: RuleWhen;
  cooldown_hours?: number;
  priority?: number;
  enabled?: boolean;
}

/** Welcome and away messages go once a day per customer unless the shop says otherwise. */
const DEFAULT_COOLDOWN: Record<RuleType, number> = { welcome: 24, away: 24, keyword: 0, ai_reply: 0 };

export function rulePayload(r: AutoReplyRule) {
  return {
    id: r.id,
    type: r.type,
    name: r.name,
    session_ids: r.sessionIds,
    keywords: r.keywords,
    match: r.match,
    reply_text: r.replyText ?? null,
    ai_reply: r.aiReply,
    when: r.when,
    cooldown_hours: r.cooldownHours,
    priority: r.priority,
    enabled: r.enabled,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** Auto-reply rules: one answer to an inbound message, run by the workflow engine. */
export class AutoReplyRulesService {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  async get(id: number) {
    const rule = await this.em.findOne(AutoReplyRule, { id });
    if (!rule) throw notFound('rule', id);
    return rule;
  }

  async create(fields: RuleFields & { type: RuleType; name: string }) {
    const rule = this.em.create(AutoReplyRule, {
      shopId: this.deps.shop.id,
      type: fields.type,
      name: fields.name,
      sessionIds: [],
      keywords: [],
      match: 'word',
      replyText: null,
      aiReply: fields.type === 'ai_reply',
      when: fields.type === 'away' ? 'outside_hours' : 'always',
      cooldownHours: DEFAULT_COOLDOWN[fields.type],
      priority: 0,
      enabled: true,
    } as unknown as AutoReplyRule);
    await this.apply(rule, fields);
    await this.em.flush();
    return rule;
  }

  async update(id: number, fields: RuleFields) {
    if (Object.values(fields).every((v) => v === undefined))
      throw invalidArguments('Nothing to change: give a field to update.');
    const rule = await this.get(id);
    await this.apply(rule, fields);
    await this.em.flush();
    return rule;
  }

  async delete(id: number) {
    const rule = await this.get(id);
    const payload = rulePayload(rule);
    this.em.remove(rule);
    await this.em.flush();
    return payload;
  }

  async list(filters: { type?: RuleType; enabled?: boolean; session_id?: number }) {
    const rules = await this.em.find(
      AutoReplyRule,
      {
        ...(filters.type && { type: filters.type }),
        ...(filters.enabled !== undefined && { enabled: filters.enabled }),
      },
      { orderBy: { priority: 'desc', id: 'asc' } },
    );
    const shown =
      filters.session_id === undefined
        ? rules
        : rules.filter((r) => r.sessionIds.length === 0 || r.sessionIds.includes(filters.session_id!));
    return { rules: shown.map(rulePayload), count: shown.length };
  }

  /** Which rule would answer a message, and what it would say; nothing is sent or recorded. */
  async test(input: { text: string; phone?: string; session_id?: number; at?: Date }) {
    const at = input.at ?? new Date();
    const phone = input.phone ? normalizePhone(input.phone) : null;
    let firstOfConversation = true;
    if (phone) {
      const [row] = await this.em.execute<{ last: Date | null }[]>(
        `select max(created_at) as last from chatapp_messages_view where shop_id = ? and phone = ? and direction = 'inbound' and created_at <= ?`,
        [this.deps.shop.id, phone, at],
      );
      firstOfConversation =
        !row?.last || at.getTime() - new Date(row.last).getTime() >= CONVERSATION_GAP_HOURS * 3_600_000;
    }
    const open = await isOpen(this.deps, at);
    const rules = await this.em.find(AutoReplyRule, { enabled: true });
    const candidates = matchingRules(rules, {
      text: input.text,
      sessionId: input.session_id ?? null,
      firstOfConversation,
      open,
    });
    const [customer] = phone
      ? await this.em.execute<{ name: string | null }[]>(
          `select name from customers_view where shop_id = ? and phone = ?`,
          [this.deps.shop.id, phone],
        )
      : [];
    const considered = [];
    let fires = null;
    for (const rule of candidates) {
      const cooling = phone ? await this.inCooldown(rule, phone, at) : false;
      considered.push({ rule_id: rule.id, name: rule.name, type: rule.type, in_cooldown: cooling });
      if (!cooling && !fires) fires = rule;
    }
    return {
      fires: fires && {
        rule: rulePayload(fires),
        reply: fires.aiReply
          ? null
          : fillPlaceholders(fires.replyText ?? '', {
              nombre: customer?.name ?? '',
              telefono: phone ?? '',
              tienda: this.deps.shop.name,
              variables: {},
            }),
        assistant_answers: fires.aiReply,
      },
      matching: considered,
      situation: { first_of_conversation: firstOfConversation, inside_business_hours: open, at: at.toISOString() },
    };
  }

  private async inCooldown(rule: AutoReplyRule, phone: string, at: Date): Promise<boolean> {
    if (rule.cooldownHours === 0) return false;
    const [row] = await this.em.execute<{ n: number }[]>(
      `select count(*)::int as n from automation_runs where shop_id = ? and rule_id = ? and phone = ? and status <> 'skipped'
       and created_at > ?::timestamptz - make_interval(hours => ?) and created_at <= ?`,
      [this.deps.shop.id, rule.id, phone, at, rule.cooldownHours, at],
    );
    return row!.n > 0;
  }

  /** Applies fields and checks the whole rule as it would be stored. */
  private async apply(rule: AutoReplyRule, fields: RuleFields) {
    if (fields.type !== undefined && fields.type !== rule.type && rule.id !== undefined)
      throw invalidArguments('A rule’s type cannot change; create another rule.', [
        { path: 'type', message: 'cannot change' },
      ]);
    if (fields.name !== undefined) rule.name = fields.name;
    if (fields.session_ids !== undefined) rule.sessionIds = await this.sessions(fields.session_ids);
    if (fields.keywords !== undefined) rule.keywords = fields.keywords;
    if (fields.match !== undefined) rule.match = fields.match;
    if (fields.reply_text !== undefined) rule.replyText = fields.reply_text;
    if (fields.ai_reply !== undefined) rule.aiReply = fields.ai_reply;
    if (fields.when !== undefined) rule.when = fields.when;
    if (fields.cooldown_hours !== undefined) rule.cooldownHours = fields.cooldown_hours;
    if (fields.priority !== undefined) rule.priority = fields.priority;
    if (fields.enabled !== undefined) rule.enabled = fields.enabled;
    const errors: { path: string; message: string }[] = [];
    if (rule.type === 'keyword' && rule.keywords.length === 0)
      errors.push({ path: 'keywords', message: 'a keyword rule needs 1 to 50 keywords' });
    if (rule.type !== 'keyword' && rule.keywords.length > 0)
      errors.push({ path: 'keywords', message: `only keyword rules take keywords, not ${rule.type}` });
    if (rule.type === 'ai_reply' && !rule.aiReply)
      errors.push({ path: 'ai_reply', message: 'an ai_reply rule always answers with the assistant' });
    if (rule.aiReply && rule.replyText)
      errors.push({ path: 'reply_text', message: 'is not used when the assistant answers (ai_reply)' });
    if (!rule.aiReply && !rule.replyText)
      errors.push({ path: 'reply_text', message: 'is required unless ai_reply is true' });
    if (rule.replyText) {
      const unknown = unknownPlaceholders(rule.replyText, new Set());
      if (unknown.length > 0)
        errors.push({
          path: 'reply_text',
          message: `has unknown placeholders ${unknown.join(', ')} (known: {nombre}, {telefono}, {tienda})`,
        });
    }
    if (rule.aiReply && !this.deps.kernelCatalog.names().includes('knowledge'))
      errors.push({ path: 'ai_reply', message: 'needs the knowledge group, which this server does not run' });
    if (errors.length > 0)
      throw invalidArguments(
        `The rule is not valid: ${errors.map((e) => `${e.path} ${e.message}`).join('; ')}.`,
        errors,
      );
  }

  private async sessions(ids: number[]): Promise<number[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await this.em.execute<{ id: number }[]>(
      `select id from chatapp_sessions_view where shop_id = ? and id in (${unique.map(() => '?').join(', ')})`,
      [this.deps.shop.id, ...unique],
    );
    const missing = unique.filter((id) => !rows.some((r) => r.id === id));
    if (missing.length > 0)
      throw new ToolError('not_found', `Sessions not found: ${missing.join(', ')}.`, {
        resource: 'session',
        ids: missing,
      });
    return unique;
  }
}
