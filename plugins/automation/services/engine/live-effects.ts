import { ToolError, type Services } from '../../../../core/index.js';
import { Workflow } from '../../entities/workflow.entity.js';
import type { WorkflowRun } from '../../entities/workflow-run.entity.js';
import { isOpen } from './business-hours.js';
import type { SendAnswer, SendRequest } from '../../../whatsapp_ops/surface.js';
import type { OutgoingMessage, Sent, StepEffects } from './step-effects.js';

const AUTOMATION_AUTHOR = 'Automation';
const TAG_COLOR = '#6b7280';

/** A step's message as the send path takes it: automatic, on the run's line, with the step's key. */
export const sendRequestOf = (run: WorkflowRun, message: OutgoingMessage): SendRequest => ({
  phone: run.phone,
  text: message.text,
  ...(run.sessionId ? { sessionId: run.sessionId } : {}),
  automatic: true,
  billingSource: message.billingSource,
  idempotencyKey: message.key,
});

/** The send path's answer as a step sees it. */
export const sentOf = (answer: SendAnswer): Sent =>
  'message' in answer
    ? { messageId: answer.message.id }
    : { error: { code: answer.error.code, message: answer.error.message } };

/** The steps' effects on the world, for one run, in its step's transaction. */
export class LiveEffects implements StepEffects {
  constructor(
    private readonly deps: Services,
    private readonly run: WorkflowRun,
  ) {}

  async send(message: OutgoingMessage) {
    const [answer] = await this.deps.chatappMessagingService.sendMany([sendRequestOf(this.run, message)]);
    const sent = sentOf(answer!);
    if ('messageId' in sent) await markAutomatic(this.deps, [this.run.phone]);
    return sent;
  }

  async tag(action: 'add' | 'remove', tag: string) {
    if (action === 'add') await this.deps.customerTagsService.add(this.run.phone, tag, TAG_COLOR);
    else
      await this.deps.customerTagsService.remove(this.run.phone, tag).catch((err: unknown) => {
        // A tag that is not there is already removed.
        if (!(err instanceof ToolError && err.code === 'not_found')) throw err;
      });
  }

  async comment(text: string) {
    await this.deps.customerCommentsService.add(this.run.phone, text, AUTOMATION_AUTHOR);
  }

  async ticket(ticket: { title: string; description: string | null; priority: string | null }) {
    const { ticket: created } = await this.deps.ticketsService.create({
      title: ticket.title,
      phone: this.run.phone,
      ...(ticket.description && { description: ticket.description }),
      ...(ticket.priority && { priority: ticket.priority as 'P0' }),
    });
    return created.id;
  }

  async assign(agentId: number) {
    await this.deps.conversationsService.assign(this.run.phone, this.run.sessionId ?? undefined, agentId);
  }

  async startWorkflow(workflowId: number) {
    const workflow = await this.deps.em.findOne(Workflow, { id: workflowId });
    if (!workflow) return { skipped: 'the workflow no longer exists' };
    if (workflow.status !== 'active') return { skipped: `the workflow is ${workflow.status}` };
    const run = await this.deps.automationRunStarter.startWorkflow(workflow, {
      phone: this.run.phone,
      sessionId: this.run.sessionId ?? null,
      trigger: { type: 'manual' },
      variables: { ...this.run.variables },
    });
    return run.status === 'skipped' ? { skipped: run.reason ?? 'skipped' } : { runId: run.id };
  }

  isOpen() {
    return isOpen(this.deps, new Date());
  }
}

/** The bot-storm guard's clock: when automation last wrote to these customers. */
export async function markAutomatic(deps: Services, phones: string[]): Promise<void> {
  const unique = [...new Set(phones)];
  if (unique.length === 0) return;
  await deps.em.execute(
    `insert into automation_contacts (shop_id, phone, last_automatic_at, quick_replies, updated_at)
     select ?, p, now(), 0, now() from jsonb_array_elements_text(?::jsonb) as p
     on conflict (shop_id, phone) do update set last_automatic_at = now(), updated_at = now()`,
    [deps.shop.id, JSON.stringify(unique)],
  );
}
