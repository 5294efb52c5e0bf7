import { DayOfWeekArg, Type, type TObject, TimeOfDayArg } from '../../../../core/index.js';
import { BILLING_SOURCES } from '../../../whatsapp_ops/surface.js';
import { TICKET_PRIORITIES } from '../../../tickets/surface.js';

/** A run variable's name (`{var.<name>}` in texts, `var.<name>` in conditions). */
export const VARIABLE_NAME = '^[a-z][a-z0-9_]{0,39}$';
const Variable = Type.String({ pattern: VARIABLE_NAME, description: 'A run variable name: a-z, 0-9, _.' });
const StepRef = Type.String({ minLength: 1, maxLength: 40, description: 'A step id of this workflow.' });
/** `workflow` (no contact-window filter knows it) or a billing source the shop's window filter may name. */
const BillingSource = Type.Union([Type.Literal('workflow'), ...BILLING_SOURCES.map((s) => Type.Literal(s))], {
  description: 'Default workflow.',
});

/** Every step type: its parameters, the named exits besides `next`, and what the engine must know about it. */
export interface StepType {
  description: string;
  params: TObject;
  /** Named exits (`paths.<name>`) besides `next`. */
  paths: string[];
  /** `next` is meaningless (the step jumps or ends the run). */
  terminal?: boolean;
  /** The run may stop here for a while: a loop through such a step is not a busy loop. */
  pauses?: boolean;
  /** Reaches outside the database (a model, an HTTP endpoint): done outside the run's transaction. */
  external?: boolean;
  /** Messages the customer (opt-outs, the contact window and credits apply). */
  sends?: boolean;
  /** The run variable the step writes (the parameter naming it). */
  writes?: string;
  /** Groups besides automation's own dependencies the step needs: checked when a workflow is saved and when the step runs. */
  needs?: string[];
}

const strict = { additionalProperties: false } as const;

export const STEP_TYPES: Record<string, StepType> = {
  send_message: {
    description:
      'Sends a text (placeholders {nombre}, {telefono}, {tienda}, {var.<name>}) to the customer on the line the run started on.',
    params: Type.Object(
      {
        text: Type.String({ minLength: 1, maxLength: 4096 }),
        billing_source: Type.Optional(BillingSource),
      },
      strict,
    ),
    paths: [],
    sends: true,
  },
  ask_question: {
    description:
      'Sends a question and waits for the answer: a valid one is saved in var.<save_as> (then next), an invalid one gets retry_text up to retries times (then paths.invalid), none within timeout_minutes takes paths.timeout.',
    params: Type.Object(
      {
        text: Type.String({ minLength: 1, maxLength: 1024 }),
        save_as: Variable,
        validation: Type.Optional(
          Type.Union(
            ['any', 'number', 'email', 'phone', 'date', 'option'].map((v) => Type.Literal(v)),
            {
              description: 'Default any. option: one of options (by text or by its number).',
            },
          ),
        ),
        options: Type.Optional(
          Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 2, maxItems: 10 }),
        ),
        timeout_minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 43_200, description: 'Default 1440.' })),
        retries: Type.Optional(Type.Integer({ minimum: 0, maximum: 5, description: 'Default 1.' })),
        retry_text: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
      },
      strict,
    ),
    paths: ['timeout', 'invalid'],
    pauses: true,
    sends: true,
    writes: 'save_as',
  },
  branch: {
    description: 'Goes to the first branch whose conditions hold; next when none does.',
    params: Type.Object(
      {
        branches: Type.Array(Type.Object({ when: Type.Unknown(), next: StepRef }, strict), {
          minItems: 1,
          maxItems: 10,
        }),
      },
      strict,
    ),
    paths: [],
  },
  wait: {
    description:
      'Waits minutes (1 to 43,200: 30 days), or until the next weekday (0 Sunday … 6 Saturday) and/or time HH:MM in the shop’s timezone.',
    params: Type.Object(
      {
        minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 43_200 })),
        until_time: Type.Optional(TimeOfDayArg()),
        until_weekday: Type.Optional(DayOfWeekArg()),
      },
      strict,
    ),
    paths: [],
    pauses: true,
  },
  business_hours: {
    description:
      'paths.in inside the shop’s business hours (account group), paths.out outside; next when the exit is not given.',
    params: Type.Object({}, strict),
    paths: ['in', 'out'],
  },
  add_tag: {
    description: 'Tags the customer.',
    params: Type.Object({ tag: Type.String({ minLength: 1, maxLength: 50 }) }, strict),
    paths: [],
  },
  remove_tag: {
    description: 'Takes a tag off the customer.',
    params: Type.Object({ tag: Type.String({ minLength: 1, maxLength: 50 }) }, strict),
    paths: [],
  },
  add_customer_comment: {
    description: 'Adds an internal comment to the customer (placeholders allowed).',
    params: Type.Object({ text: Type.String({ minLength: 1, maxLength: 2000 }) }, strict),
    paths: [],
  },
  create_ticket: {
    description: 'Opens a ticket for the customer (tickets group); its id is saved in var.ticket_id.',
    params: Type.Object(
      {
        title: Type.String({ minLength: 1, maxLength: 200 }),
        description: Type.Optional(Type.String({ maxLength: 4000 })),
        priority: Type.Optional(Type.Union(TICKET_PRIORITIES.map((p) => Type.Literal(p)))),
      },
      strict,
    ),
    paths: [],
    needs: ['tickets'],
  },
  assign_conversation: {
    description: 'Assigns the customer’s conversation to an agent.',
    params: Type.Object({ agent_id: Type.Integer({ minimum: 1 }) }, strict),
    paths: [],
    needs: ['conversations', 'agents'],
  },
  http_request: {
    description:
      'POSTs JSON (string values may hold placeholders) to a public HTTPS URL through the network guard (private addresses refused), timeout 5 s; the status and the answer (first 4 KB) are saved in var.<save_as>_status and var.<save_as>. A failure (network, non-2xx) takes paths.failed, else the error policy applies.',
    params: Type.Object(
      {
        url: Type.String({ minLength: 9, maxLength: 2000, pattern: '^https://' }),
        body: Type.Optional(
          Type.Record(
            Type.String({ maxLength: 60 }),
            Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()]),
          ),
        ),
        save_as: Type.Optional(Variable),
      },
      strict,
    ),
    paths: ['failed'],
    external: true,
    writes: 'save_as',
  },
  ai_reply: {
    description:
      'The assistant answers the customer’s last message from the shop’s knowledge (surface whatsapp_workflow) and the answer is sent; when it cannot answer, nothing is sent and paths.handoff is taken (next when not given).',
    params: Type.Object(
      {
        instructions: Type.Optional(Type.String({ maxLength: 2000 })),
        billing_source: Type.Optional(BillingSource),
      },
      strict,
    ),
    paths: ['handoff'],
    external: true,
    sends: true,
    needs: ['knowledge'],
  },
  ai_classify: {
    description:
      'Classifies the customer’s last message into one of the categories (by a model, or by their keywords on the built-in engine) and saves its name in var.<save_as> (default intent); `other` when none fits.',
    params: Type.Object(
      {
        categories: Type.Array(
          Type.Object(
            {
              name: Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' }),
              description: Type.Optional(Type.String({ maxLength: 300 })),
              keywords: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 60 }), { maxItems: 30 })),
            },
            strict,
          ),
          { minItems: 2, maxItems: 20 },
        ),
        save_as: Type.Optional(Variable),
      },
      strict,
    ),
    paths: [],
    external: true,
    writes: 'save_as',
    needs: ['prompt'],
  },
  trigger_workflow: {
    description: 'Starts another active workflow for the same customer (3 levels deep at most).',
    params: Type.Object({ workflow_id: Type.Integer({ minimum: 1 }) }, strict),
    paths: [],
  },
  jump_to: {
    description: 'Goes to another step (10 jumps per run at most).',
    params: Type.Object({ step: StepRef }, strict),
    paths: [],
    terminal: true,
  },
  end: {
    description: 'Ends the run.',
    params: Type.Object({}, strict),
    paths: [],
    terminal: true,
  },
};

export type StepTypeName = keyof typeof STEP_TYPES;
