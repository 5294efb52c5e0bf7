import type { Definition } from '../definition/definition.js';

export interface WorkflowTemplate {
  key: string;
  name: string;
  description: string;
  definition: Definition;
}

/**
 * Ready-made workflows (respond.io's and Chatwoot's most used automations). Created as drafts;
 * `overrides` of create_workflow_from_template replace a step's text, the trigger or the settings.
 */
export const WORKFLOW_TEMPLATES: WorkflowTemplate[] = [
  {
    key: 'welcome',
    name: 'Welcome',
    description: 'Greets a customer who writes after a day of silence, once a day at most.',
    definition: {
      trigger: { type: 'conversation_opened', idle_hours: 24 },
      steps: [
        {
          id: 'greet',
          type: 'send_message',
          params: { text: '¡Hola {nombre}! Gracias por escribir a {tienda}. ¿En qué podemos ayudarte?' },
        },
      ],
      settings: { reentry_cooldown_minutes: 1440 },
    },
  },
  {
    key: 'away',
    name: 'Away message',
    description: 'Answers outside business hours and tags the customer to be called back.',
    definition: {
      trigger: {
        type: 'message_received',
        conditions: { all: [{ attribute: 'time.business_hours', operator: 'equals', value: false }] },
      },
      steps: [
        {
          id: 'away',
          type: 'send_message',
          params: { text: 'Ahora estamos cerrados. Te responderemos en cuanto abramos.' },
        },
        { id: 'tag', type: 'add_tag', params: { tag: 'fuera_de_horario' } },
      ],
      settings: { reentry_cooldown_minutes: 720 },
    },
  },
  {
    key: 'keyword_menu',
    name: 'Keyword menu',
    description: 'Offers a menu when the customer writes "menu" and answers the chosen option.',
    definition: {
      trigger: {
        type: 'message_received',
        conditions: {
          all: [{ attribute: 'message.text', operator: 'has_any_keyword', value: ['menu', 'menú', 'opciones'] }],
        },
      },
      steps: [
        {
          id: 'ask',
          type: 'ask_question',
          params: {
            text: 'Elige una opción: 1) Estado de mi pedido 2) Horarios 3) Hablar con una persona',
            save_as: 'option',
            validation: 'option',
            options: ['Estado de mi pedido', 'Horarios', 'Hablar con una persona'],
            timeout_minutes: 60,
          },
          paths: { timeout: 'bye' },
        },
        {
          id: 'route',
          type: 'branch',
          params: {
            branches: [
              {
                when: { all: [{ attribute: 'var.option', operator: 'equals', value: 'Estado de mi pedido' }] },
                next: 'order',
              },
              { when: { all: [{ attribute: 'var.option', operator: 'equals', value: 'Horarios' }] }, next: 'hours' },
            ],
          },
          next: 'person',
        },
        {
          id: 'order',
          type: 'send_message',
          params: { text: 'Escríbenos el número de pedido y lo revisamos.' },
          next: null,
        },
        {
          id: 'hours',
          type: 'send_message',
          params: { text: 'Abrimos de lunes a viernes de 9:00 a 18:00.' },
          next: null,
        },
        { id: 'person', type: 'send_message', params: { text: 'Enseguida te atiende una persona del equipo.' } },
        {
          id: 'comment',
          type: 'add_customer_comment',
          params: { text: 'Pidió hablar con una persona (menú).' },
          next: null,
        },
        { id: 'bye', type: 'send_message', params: { text: 'Si necesitas algo más, escribe "menu".' } },
      ],
      settings: { reentry_cooldown_minutes: 5 },
    },
  },
  {
    key: 'lead_qualification',
    name: 'Lead qualification',
    description: 'Asks a new customer for their e-mail and budget, tags them as a lead.',
    definition: {
      trigger: { type: 'conversation_opened', idle_hours: 720 },
      steps: [
        {
          id: 'email',
          type: 'ask_question',
          params: {
            text: '¿Nos dejas tu e-mail para enviarte la información?',
            save_as: 'email',
            validation: 'email',
            retries: 2,
            retry_text: 'Ese e-mail no parece válido, ¿puedes revisarlo?',
          },
          paths: { timeout: 'tag', invalid: 'tag' },
        },
        {
          id: 'budget',
          type: 'ask_question',
          params: { text: '¿Qué presupuesto aproximado tienes (en euros)?', save_as: 'budget', validation: 'number' },
          paths: { timeout: 'tag', invalid: 'tag' },
        },
        { id: 'note', type: 'add_customer_comment', params: { text: 'Lead: {var.email}, presupuesto {var.budget} €' } },
        { id: 'tag', type: 'add_tag', params: { tag: 'lead' } },
      ],
      settings: { once_per_contact: true },
    },
  },
  {
    key: 'abandoned_cart',
    name: 'Abandoned cart reminder',
    description: 'Run for a customer with a cart link (run_workflow): reminds them after 2 hours, once.',
    definition: {
      trigger: { type: 'manual' },
      steps: [
        { id: 'wait', type: 'wait', params: { minutes: 120 } },
        {
          id: 'remind',
          type: 'send_message',
          params: {
            text: 'Hola {nombre}, dejaste productos en tu carrito: {var.cart_url}',
            billing_source: 'order_automation',
          },
        },
      ],
      settings: { inputs: ['cart_url'] },
    },
  },
  {
    key: 'review_request',
    name: 'Review request',
    description: 'Run after a delivery (run_workflow): asks for a 1–5 rating and thanks or escalates.',
    definition: {
      trigger: { type: 'manual' },
      steps: [
        {
          id: 'rate',
          type: 'ask_question',
          params: {
            text: '¿Qué tal tu experiencia con {tienda}? Responde del 1 al 5.',
            save_as: 'rating',
            validation: 'number',
            timeout_minutes: 2880,
          },
          paths: { timeout: 'done', invalid: 'done' },
        },
        {
          id: 'check',
          type: 'branch',
          params: {
            branches: [
              { when: { all: [{ attribute: 'var.rating', operator: 'less_than', value: '4' }] }, next: 'sorry' },
            ],
          },
          next: 'thanks',
        },
        { id: 'thanks', type: 'send_message', params: { text: '¡Gracias por tu valoración!' }, next: null },
        { id: 'sorry', type: 'send_message', params: { text: 'Sentimos que no haya ido bien. Te contactaremos.' } },
        {
          id: 'ticket',
          type: 'create_ticket',
          params: { title: 'Valoración baja ({var.rating}) de {telefono}', priority: 'P1' },
          next: null,
        },
        { id: 'done', type: 'end' },
      ],
    },
  },
  {
    key: 'handoff_after_no_answer',
    name: 'Hand over after no answer',
    description: 'The assistant answers; when it cannot, the customer is told and a ticket is opened.',
    definition: {
      trigger: { type: 'message_received' },
      steps: [
        { id: 'answer', type: 'ai_reply', paths: { handoff: 'tell' }, next: null },
        { id: 'tell', type: 'send_message', params: { text: 'Una persona del equipo te responderá enseguida.' } },
        { id: 'ticket', type: 'create_ticket', params: { title: 'Pregunta sin respuesta de {telefono}' } },
      ],
      settings: { reentry_cooldown_minutes: 1 },
    },
  },
];
