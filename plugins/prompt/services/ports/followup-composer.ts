import { Type, type Services } from '../../../../core/index.js';
import type { FollowupComposerPort, FollowupCompositionRequest } from '../../../tickets/surface.js';

const COMPOSED = Type.Object(
  { message: Type.String({ minLength: 1, maxLength: 1500 }) },
  { additionalProperties: false },
);

/**
 * tickets' `followupComposerPort` on the shop's AI engine (surface `ticket`, the chat model), under
 * the shop's prompt for tickets. Only the resolution, the customer's name and the shop's name reach
 * the model: the ticket's title,
 * description and notes are internal. The built-in engine has nothing to add to the template, so
 * the port is not available there.
 */
export class PromptFollowupComposer implements FollowupComposerPort {
  constructor(private readonly deps: Services) {}

  async available(): Promise<boolean> {
    return this.deps.promptAiService.hasLanguageModel();
  }

  async compose(request: FollowupCompositionRequest) {
    const { text: shopPrompt } = await this.deps.promptService.effective('ticket');
    const answer = await this.deps.promptAiService.chat({
      surface: 'ticket',
      task: 'chat',
      schema: COMPOSED,
      messages: [
        { role: 'system', content: shopPrompt },
        {
          role: 'system',
          content:
            `Now you write a short message from the shop "${request.shopName}" to its customer, telling them how their request was resolved. ` +
            `Write in the language of the locale ${request.locale}, warm and plain, without inventing facts beyond the resolution. ` +
            'Answer with JSON only: {"message": "<the message>"}.',
        },
        {
          role: 'user',
          content: JSON.stringify({
            customer_name: request.customerName,
            resolution: request.resolution,
            example_without_a_model: request.template,
          }),
        },
      ],
    });
    return { text: (answer.data as { message: string }).message };
  }
}
