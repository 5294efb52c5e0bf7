import type { Services } from '../../../../core/index.js';
import type { WhatsappOpsMessageReceived } from '../../../whatsapp_ops/surface.js';
import { AutoReplyRule } from '../../entities/auto-reply-rule.entity.js';
import { Workflow } from '../../entities/workflow.entity.js';
import type { TriggerFacts } from '../../entities/workflow-run.entity.js';
import { holds } from '../definition/conditions.js';
import type { TriggerType } from '../definition/definition.js';
import { isOpen } from '../engine/business-hours.js';
import { attributeReader } from '../engine/run-facts.js';
import { CONVERSATION_GAP_HOURS, matchingRules } from '../rules/rule-matching.js';

/** A reply this soon after our automatic message looks like another bot answering. */
const QUICK_REPLY_MS = 2_000;
/** Quick replies in a row after which automation leaves the customer alone… */
const QUICK_REPLIES_TO_PAUSE = 3;
/** …for this long. */
const CONTACT_PAUSE_MS = 24 * 3_600_000;

/** The guard row of a customer as the first query reads it. */
interface ContactRow {
  paused_until: string | null;
  last_automatic_at: string | null;
  quick_replies: number;
}

interface Situation {
  rules: boolean;
  workflows: boolean;
  waiting: boolean;
  contact: ContactRow | null;
  last_inbound: Date | null;
}

interface Firing {
  phone: string;
  sessionId: number | null;
  facts: TriggerFacts;
}

/**
 * automation's listeners: in the emitter's transaction they only decide and insert runs (or wake a
 * run waiting for this customer's answer); the worker does the rest after the commit. Only what
 * customers do triggers: automation's own messages are outbound and never start anything, and the
 * tags its steps add start workflows only through the loop guard (run-starter.ts).
 */
export class AutomationTriggers {
  constructor(private readonly deps: Services) {}

  private get em() {
    return this.deps.em;
  }

  /**
   * An inbound batch. One query says whether anything could answer any of it (a shop without
   * automation, the common case, stops here); one more reads every message's situation. A
   * customer with several messages in the batch has each read in turn instead, after what the
   * previous one changed (the bot-storm guard, an answered question).
   */
  async messagesReceived(events: WhatsappOpsMessageReceived[]): Promise<void> {
    const phones = new Map<string, number>();
    for (const e of events) phones.set(e.phone, (phones.get(e.phone) ?? 0) + 1);
    const [shop] = await this.em.execute<{ rules: boolean; workflows: boolean; waiting: boolean }[]>(
      `select exists(select 1 from automation_rules where shop_id = ? and enabled) as rules,
              exists(select 1 from automation_workflows where shop_id = ? and status = 'active'
                     and trigger_type in ('message_received', 'conversation_opened')) as workflows,
              exists(select 1 from automation_runs where shop_id = ? and status = 'waiting' and waiting_for = 'answer'
                     and phone in (select json_array_elements_text(?::json))) as waiting`,
      [this.deps.shop.id, this.deps.shop.id, this.deps.shop.id, JSON.stringify([...phones.keys()])],
    );
    const { rules: anyRule, workflows } = shop!;
    if (!anyRule && !workflows && !shop!.waiting) return;
    const situations = await this.situations(events.filter((e) => phones.get(e.phone) === 1));
    // Read once for the batch: the rules cannot change within its transaction.
    let rules: Promise<AutoReplyRule[]> | undefined;
    const enabledRules = () => (rules ??= this.em.find(AutoReplyRule, { enabled: true }));
    for (const event of events) {
      const situation = situations.get(event.message_id) ?? (await this.situations([event])).get(event.message_id)!;
      await this.messageReceived(event, { ...situation, rules: anyRule, workflows }, enabledRules);
    }
  }

  /** Each message's customer: a question waiting for their answer, their guard row, their previous message. */
  private async situations(
    events: WhatsappOpsMessageReceived[],
  ): Promise<Map<number, Omit<Situation, 'rules' | 'workflows'>>> {
    if (events.length === 0) return new Map();
    const rows = await this.em.execute<(Omit<Situation, 'rules' | 'workflows'> & { message_id: number })[]>(
      `select e.message_id,
              exists(select 1 from automation_runs r where r.shop_id = ? and r.phone = e.phone and r.status = 'waiting' and r.waiting_for = 'answer') as waiting,
              (select row_to_json(c) from (select paused_until, last_automatic_at, quick_replies from automation_contacts
                                           where shop_id = ? and phone = e.phone) c) as contact,
              (select max(created_at) from chatapp_messages_view
               where shop_id = ? and phone = e.phone and direction = 'inbound' and id < e.message_id) as last_inbound
       from json_to_recordset(?::json) as e(message_id int, phone text)`,
      [
        this.deps.shop.id,
        this.deps.shop.id,
        this.deps.shop.id,
        JSON.stringify(events.map((e) => ({ message_id: e.message_id, phone: e.phone }))),
      ],
    );
    return new Map(rows.map(({ message_id, ...situation }) => [message_id, situation]));
  }

  private async messageReceived(
    e: WhatsappOpsMessageReceived,
    uses: Situation,
    enabledRules: () => Promise<AutoReplyRule[]>,
  ): Promise<void> {
    if (!uses.rules && !uses.workflows && !uses.waiting) return;
    const receivedAt = new Date(e.received_at);
    if (await this.botStorm(e.phone, uses.contact, receivedAt)) return;
    if (uses.waiting) {
      // A customer in the middle of a question answers it; nothing else starts meanwhile.
      const answered = await this.em.execute<{ id: number }[]>(
        `update automation_runs set step_state = coalesce(step_state, '{}'::jsonb) || jsonb_build_object('answer', ?::text), wake_at = now(), updated_at = now()
         where shop_id = ? and phone = ? and status = 'waiting' and waiting_for = 'answer' returning id`,
        [e.text ?? '', this.deps.shop.id, e.phone],
      );
      if (answered.length > 0) {
        this.deps.automationRunWakeup.afterCommit(this.em);
        return;
      }
    }
    const facts: TriggerFacts = {
      type: 'message_received',
      message_id: e.message_id,
      text: e.text,
      media_type: e.media?.mime_type ?? null,
    };
    const silentHours = uses.last_inbound
      ? (receivedAt.getTime() - new Date(uses.last_inbound).getTime()) / 3_600_000
      : Infinity;

    const rules = uses.rules ? await enabledRules() : [];
    if (rules.length > 0) {
      const message = {
        text: e.text ?? '',
        sessionId: e.session_id,
        firstOfConversation: silentHours >= CONVERSATION_GAP_HOURS,
        // Business hours are read only when a rule depends on them.
        open: rules.some((r) => r.when !== 'always') ? await isOpen(this.deps, receivedAt) : true,
      };
      for (const rule of matchingRules(rules, message)) {
        const started = await this.deps.automationRunStarter.startRule(rule, {
          phone: e.phone,
          sessionId: e.session_id,
          trigger: facts,
        });
        if (started) break;
      }
    }
    if (!uses.workflows) return;
    const firing = { phone: e.phone, sessionId: e.session_id, facts };
    const workflows = await this.em.find(
      Workflow,
      { status: 'active', triggerType: { $in: ['message_received', 'conversation_opened'] } },
      { orderBy: { id: 'asc' } },
    );
    await this.start(
      workflows.filter((w) => w.triggerType === 'message_received'),
      firing,
    );
    await this.start(
      workflows.filter(
        (w) =>
          w.triggerType === 'conversation_opened' &&
          silentHours >= (w.definition.trigger.idle_hours ?? CONVERSATION_GAP_HOURS),
      ),
      { ...firing, facts: { ...facts, type: 'conversation_opened' } },
    );
  }

  /** Starts the shop's active workflows of a trigger type whose conditions hold. */
  async fire(type: TriggerType, firing: Firing): Promise<void> {
    await this.start(
      await this.em.find(Workflow, { status: 'active', triggerType: type }, { orderBy: { id: 'asc' } }),
      firing,
    );
  }

  private async start(workflows: Workflow[], firing: Firing): Promise<void> {
    if (workflows.length === 0) return;
    const read = attributeReader(this.deps, { ...firing, variables: {}, trigger: firing.facts }, new Date());
    for (const workflow of workflows) {
      const trigger = workflow.definition.trigger;
      if (trigger.tag !== undefined && firing.facts.tag?.toLowerCase() !== trigger.tag.toLowerCase()) continue;
      if (trigger.conditions && !(await holds(trigger.conditions, read))) continue;
      await this.deps.automationRunStarter.startWorkflow(workflow, {
        phone: firing.phone,
        sessionId: firing.sessionId,
        trigger: firing.facts,
      });
    }
  }

  /**
   * The bot-storm guard: the third reply in a row that comes within 2 s of our automatic message
   * pauses automation for the customer for 24 h. True while the customer is left alone.
   */
  private async botStorm(phone: string, contact: ContactRow | null, receivedAt: Date): Promise<boolean> {
    if (!contact) return false;
    const pausedUntil = contact.paused_until ? new Date(contact.paused_until) : null;
    if (pausedUntil && pausedUntil > receivedAt) return true;
    const quick =
      !!contact.last_automatic_at &&
      receivedAt.getTime() - new Date(contact.last_automatic_at).getTime() < QUICK_REPLY_MS;
    if (!quick) {
      if (contact.quick_replies > 0)
        await this.em.execute(
          `update automation_contacts set quick_replies = 0, updated_at = now() where shop_id = ? and phone = ?`,
          [this.deps.shop.id, phone],
        );
      return false;
    }
    const replies = contact.quick_replies + 1;
    const pause = replies >= QUICK_REPLIES_TO_PAUSE ? new Date(receivedAt.getTime() + CONTACT_PAUSE_MS) : null;
    await this.em.execute(
      `update automation_contacts set quick_replies = ?, paused_until = coalesce(?, paused_until), updated_at = now() where shop_id = ? and phone = ?`,
      [pause ? 0 : replies, pause, this.deps.shop.id, phone],
    );
    return pause !== null;
  }
}
