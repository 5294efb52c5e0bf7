import { definePrompt, embeddedResource, completeText } from '../../../core/index.js';
import { Customer } from '../entities/customer.entity.js';

export const answerCustomer = definePrompt({
  name: 'answer_customer',
  title: 'Answer a customer',
  description:
    'Drafts a reply to one customer with what the shop knows about them (name, tags, comments); optionally to a question they asked.',
  arguments: [
    {
      name: 'phone',
      description: 'The customer’s phone, international format.',
      required: true,
      complete: (typed, { em }) => completeText(em, Customer, 'phone', typed),
    },
    { name: 'question', description: 'What the customer asked, in their words.' },
  ],
  get: async ({ phone, question }, { services }) => {
    const customer = await services.customersService.detail(phone!);
    const ask = question?.trim()
      ? `They wrote: “${question.trim()}”. Draft a short, friendly reply that answers it.`
      : 'Draft a short, friendly message that picks up where the shop left off with them.';
    return {
      messages: [
        {
          role: 'user',
          content: embeddedResource(
            `shop://customers/${customer.phone}`,
            'application/json',
            JSON.stringify({ customer }),
          ),
        },
        {
          role: 'user',
          content: {
            type: 'text',
            text: `${ask} Use what the record above says (their name, tags and comments), invent nothing, and show me the draft before anything is sent.`,
          },
        },
      ],
    };
  },
});
