import type { Services } from '../../../../core/index.js';
import type { WhatsappOpsMessageReceived } from '../../../whatsapp_ops/surface.js';
import { AutoReplyRule } from '../../entities/auto-reply-rule.entity.js';
import { AutomationContact } from '../../entities/automation-contact.entity.js';
import { Workflow } from '../../entities/workflow.entity.js';
import type { TriggerFacts } from '../../entities/workflow-run.entity.js';
import { holds } from '../definition/conditions.js';
import type { TriggerType } from '../definition/definition.js';
import { isOpen } from '../engine/business-hours.js';
import { attributeReader } from '../engine/run-facts.js';
import { matchingRules } from '../rules/rule-matching.js';

/** A reply this soon after our automatic message looks like another bot answering. */
const QUICK_REPLY_MS = 2_000;
/** Quick replies in a row after which automation leaves the customer alone… */
const QUICK_REPLIES_TO_PAUSE = 3;
/** …for this long. */
const CONTACT_PAUSE_MS = 24 * 3_600_000;
/** A conversation opens with a message after this much silence (welcome rules; conversation_opened's default). */
const CONVERSATION_GAP_HOURS = 24;

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

  async messageReceived(e: WhatsappOpsMessageReceived): Promise<void> {
    // Every inbound message of every shop passes here: one query says whether anything could answer.
    const [uses] = await this.em.execute<{ rules: boolean; workflows: boolean; waiting: boolean }[]>(
      `select exists(select 1 from automation_rules where shop_id = ? and enabled) as rules,
              exists(select 1 from automation_workflows where shop_id = ? and status = 'active'
                     and trigger_type in ('message_received', 'conversation_opened')) as workflows,
              exists(select 1 from automation_runs where shop_id = ? and phone = ? and status = 'waiting' and waiting_for = 'answer') as waiting`,
      [this.deps.shop.id, this.deps.shop.id, this.deps.shop.id, e.phone],
    );
    if (!uses!.rules && !uses!.workflows && !uses!.waiting) return;
    const receivedAt = new Date(e.received_at);
    if (await this.botStorm(e.phone, receivedAt)) return;
    if (uses!.waiting) {
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
    const [previous] = await this.em.execute<{ last: Date | null }[]>(
      `select max(created_at) as last from chatapp_messages_view where shop_id = ? and phone = ? and direction = 'inbound' and id < ?`,
      [this.deps.shop.id, e.phone, e.message_id],
    );
    const silentHours = previous?.last
      ? (receivedAt.getTime() - new Date(previous.last).getTime()) / 3_600_000
      : Infinity;

    const rules = uses!.rules ? await this.em.find(AutoReplyRule, { enabled: true }) : [];
    if (rules.length > 0) {
      const situation = {
        text: e.text ?? '',
        sessionId: e.session_id,
        firstOfConversation: silentHours >= CONVERSATION_GAP_HOURS,
        open: await isOpen(this.deps, receivedAt),
      };
      for (const rule of matchingRules(rules, situation)) {
        const run = await this.deps.automationRunStarter.startRule(rule, {
          phone: e.phone,
          sessionId: e.session_id,
          trigger: facts,
        });
        if (run) break;
      }
    }
    if (!uses!.workflows) return;
    const firing = { phone: e.phone, sessionId: e.session_id, facts };
    await this.fire('message_received', firing);
    await this.fire(
      'conversation_opened',
      { ...firing, facts: { ...facts, type: 'conversation_opened' } },
      (w) => silentHours >= (w.definition.trigger.idle_hours ?? CONVERSATION_GAP_HOURS),
    );
  }

  /** Starts the shop's active workflows of a trigger type whose conditions hold. */
  async fire(type: TriggerType, firing: Firing, filter: (w: Workflow) => boolean = () => true): Promise<void> {
    const workflows = await this.em.find(Workflow, { status: 'active', triggerType: type }, { orderBy: { id: 'asc' } });
    if (workflows.length === 0) return;
    const now = new Date();
    const read = attributeReader(this.deps, { ...firing, variables: {}, trigger: firing.facts }, now);
    for (const workflow of workflows) {
      const trigger = workflow.definition.trigger;
      if (!filter(workflow)) continue;
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
  private async botStorm(phone: string, receivedAt: Date): Promise<boolean> {
    const contact = await this.em.findOne(AutomationContact, { phone });
    if (!contact) return false;
    if (contact.pausedUntil && contact.pausedUntil > receivedAt) return true;
    const quick =
      !!contact.lastAutomaticAt && receivedAt.getTime() - contact.lastAutomaticAt.getTime() < QUICK_REPLY_MS;
    if (!quick) {
      if (contact.quickReplies > 0) {
        contact.quickReplies = 0;
        await this.em.flush();
      }
      return false;
    }
    contact.quickReplies += 1;
    if (contact.quickReplies >= QUICK_REPLIES_TO_PAUSE) {
      contact.pausedUntil = new Date(receivedAt.getTime() + CONTACT_PAUSE_MS);
      contact.quickReplies = 0;
    }
    await this.em.flush();
    return contact.pausedUntil !== null && contact.pausedUntil !== undefined && contact.pausedUntil > receivedAt;
  }
}
