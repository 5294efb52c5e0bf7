/** A valid definition each fixture breaks in one place. */
export const base = (): { trigger: any; steps: any[]; settings: any } => ({
  trigger: {
    type: 'message_received',
    conditions: { all: [{ attribute: 'message.text', operator: 'has_any_keyword', value: ['hola'] }] },
  },
  steps: [
    {
      id: 'ask',
      type: 'ask_question',
      params: { text: '¿Tu e-mail?', save_as: 'email', validation: 'email' },
      paths: { timeout: 'bye' },
    },
    { id: 'thanks', type: 'send_message', params: { text: 'Gracias {nombre}, anotado {var.email}.' }, next: null },
    { id: 'bye', type: 'send_message', params: { text: 'Hasta luego.' } },
  ],
  settings: { error_policy: 'stop' },
});

type Def = ReturnType<typeof base> & Record<string, any>;
const edit = (change: (d: Def) => void) => {
  const d = base() as Def;
  change(d);
  return d;
};
const step = (s: Record<string, unknown>) => edit((d) => d.steps.splice(2, 0, { id: 'extra', next: null, ...s }));

/** [what is wrong, the definition, the JSON path its error must name]. */
export const INVALID: [string, unknown, string][] = [
  ['not an object', 'x', '(root)'],
  ['unknown root field', edit((d) => (d.extra = 1)), 'extra'],
  ['no trigger', edit((d) => delete (d as any).trigger), 'trigger'],
  ['unknown trigger type', edit((d) => (d.trigger.type = 'message_sent')), 'trigger.type'],
  ['unknown trigger field', edit((d) => ((d.trigger as any).cron = '* * * * *')), 'trigger.cron'],
  ['idle_hours on another trigger', edit((d) => ((d.trigger as any).idle_hours = 5)), 'trigger.idle_hours'],
  ['tag on another trigger', edit((d) => ((d.trigger as any).tag = 'vip')), 'trigger.tag'],
  ['conditions with both all and any', edit((d) => ((d.trigger.conditions as any).any = [])), 'trigger.conditions'],
  ['empty condition list', edit((d) => (d.trigger.conditions.all = [])), 'trigger.conditions.all'],
  [
    'unknown attribute',
    edit((d) => (d.trigger.conditions.all[0]!.attribute = 'customer.age')),
    'trigger.conditions.all.0.attribute',
  ],
  [
    'operator the attribute does not take',
    edit((d) => Object.assign(d.trigger.conditions.all[0], { attribute: 'customer.tags', operator: 'greater_than' })),
    'trigger.conditions.all.0.operator',
  ],
  [
    'has_any_keyword with a text',
    edit((d) => ((d.trigger.conditions.all[0] as any).value = 'hola')),
    'trigger.conditions.all.0.value',
  ],
  [
    'between with one value',
    edit((d) =>
      Object.assign(d.trigger.conditions.all[0]!, { attribute: 'time.weekday', operator: 'between', value: [1] }),
    ),
    'trigger.conditions.all.0.value',
  ],
  [
    'is_set with a value',
    edit((d) => Object.assign(d.trigger.conditions.all[0]!, { operator: 'is_set', value: 'x' })),
    'trigger.conditions.all.0.value',
  ],
  [
    'groups nested twice',
    edit(
      (d) =>
        ((d.trigger.conditions.all as any) = [{ any: [{ all: [{ attribute: 'message.text', operator: 'is_set' }] }] }]),
    ),
    'trigger.conditions.all.0.any.0',
  ],
  [
    'a variable nothing sets',
    edit((d) => (d.trigger.conditions.all[0] = { attribute: 'var.budget', operator: 'is_set' } as any)),
    'trigger.conditions',
  ],
  ['no steps', edit((d) => (d.steps = [])), 'steps'],
  [
    '101 steps',
    edit((d) => (d.steps = Array.from({ length: 101 }, (_, i) => ({ id: `s${i}`, type: 'end' }) as any))),
    'steps',
  ],
  ['unknown step type', step({ type: 'send_email', params: {} }), 'steps.2.type'],
  ['bad step id', edit((d) => (d.steps[0]!.id = 'Ask Me')), 'steps.0.id'],
  ['repeated step id', edit((d) => (d.steps[2]!.id = 'ask')), 'steps.2.id'],
  ['unknown step field', edit((d) => ((d.steps[1] as any).when = 'x')), 'steps.1.when'],
  ['send_message without text', step({ type: 'send_message', params: {} }), 'steps.2.params.text'],
  [
    'send_message text too long',
    step({ type: 'send_message', params: { text: 'x'.repeat(4097) } }),
    'steps.2.params.text',
  ],
  ['unknown parameter', step({ type: 'add_tag', params: { tag: 'a', color: 'red' } }), 'steps.2.params.color'],
  [
    'ask_question option without options',
    edit((d) => (d.steps[0]!.params.validation = 'option')),
    'steps.0.params.options',
  ],
  ['ask_question bad variable name', edit((d) => (d.steps[0]!.params.save_as = 'E-mail')), 'steps.0.params.save_as'],
  ['wait with neither minutes nor time', step({ type: 'wait', params: {} }), 'steps.2.params'],
  ['wait over 30 days', step({ type: 'wait', params: { minutes: 43_201 } }), 'steps.2.params.minutes'],
  ['wait weekday without time', step({ type: 'wait', params: { until_weekday: 3 } }), 'steps.2.params.until_time'],
  [
    'http_request over http',
    step({ type: 'http_request', params: { url: 'http://example.com/hook' } }),
    'steps.2.params.url',
  ],
  [
    'ai_classify with one category',
    step({ type: 'ai_classify', params: { categories: [{ name: 'a' }] } }),
    'steps.2.params.categories',
  ],
  ['next names a missing step', edit((d) => ((d.steps[1] as any).next = 'nowhere')), 'steps.1.next'],
  ['path names a missing step', edit((d) => (d.steps[0]!.paths = { timeout: 'nowhere' })), 'steps.0.paths.timeout'],
  [
    'path the step does not have',
    edit((d) => ((d.steps[1] as any).paths = { timeout: 'bye' })),
    'steps.1.paths.timeout',
  ],
  ['next on a terminal step', step({ type: 'end', next: 'bye' }), 'steps.2.next'],
  [
    'jump_to a missing step',
    step({ type: 'jump_to', params: { step: 'nowhere' }, next: undefined }),
    'steps.2.params.step',
  ],
  [
    'branch to a missing step',
    step({
      type: 'branch',
      params: { branches: [{ when: { all: [{ attribute: 'message.text', operator: 'is_set' }] }, next: 'nowhere' }] },
    }),
    'steps.2.params.branches.0.next',
  ],
  [
    'branch with a bad condition',
    step({
      type: 'branch',
      params: { branches: [{ when: { all: [{ attribute: 'x', operator: 'is_set' }] }, next: 'bye' }] },
    }),
    'steps.2.params.branches.0.when.all.0.attribute',
  ],
  ['unknown placeholder', edit((d) => (d.steps[1]!.params.text = 'Hola {name}')), 'steps.1.params.text'],
  [
    'placeholder of a variable nothing sets',
    edit((d) => (d.steps[1]!.params.text = 'Hola {var.budget}')),
    'steps.1.params.text',
  ],
  [
    'a loop without a wait',
    edit(
      (d) =>
        d.steps.push(
          { id: 'loop', type: 'add_tag', params: { tag: 'x' }, next: 'loop2' } as any,
          { id: 'loop2', type: 'jump_to', params: { step: 'loop' } } as any,
        ) && ((d.steps[2] as any).next = 'loop'),
    ),
    'steps.4.params.step',
  ],
  ['bad error_policy', edit((d) => ((d.settings as any).error_policy = 'retry')), 'settings.error_policy'],
  [
    'bad cooldown',
    edit((d) => ((d.settings as any).reentry_cooldown_minutes = -1)),
    'settings.reentry_cooldown_minutes',
  ],
  ['bad inputs', edit((d) => ((d.settings as any).inputs = ['Cart URL'])), 'settings.inputs'],
  [
    'wait weekday 7 (Sunday is 0)',
    step({ type: 'wait', params: { until_weekday: 7, until_time: '09:00' } }),
    'steps.2.params.until_weekday',
  ],
  [
    'weekday condition 7 (Sunday is 0)',
    edit((d) =>
      Object.assign(d.trigger.conditions.all[0]!, { attribute: 'time.weekday', operator: 'equals', value: 7 }),
    ),
    'trigger.conditions.all.0.value',
  ],
  [
    'weekday range across the weekend',
    edit((d) =>
      Object.assign(d.trigger.conditions.all[0]!, { attribute: 'time.weekday', operator: 'between', value: [5, 1] }),
    ),
    'trigger.conditions.all.0.value',
  ],
];
