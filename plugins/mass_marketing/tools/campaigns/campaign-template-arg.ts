import { Type } from '../../../../core/index.js';
import {
  templateButtonsArg,
  templateHeaderMediaArg,
  templateLanguageArg,
  templateValuesArg,
} from '../../../whatsapp_ops/surface.js';

/**
 * The approved template a campaign sends on lines whose network only takes templates outside the
 * customer's 24-hour window (Cloud API numbers); other lines send message_text.
 */
export const campaignTemplateArg = () =>
  Type.Union(
    [
      Type.Object(
        {
          name: Type.String({
            minLength: 1,
            maxLength: 512,
            description: 'The template name (list_chatapp_templates).',
          }),
          language: Type.Optional(templateLanguageArg()),
          body_parameters: Type.Optional(templateValuesArg("The body's values")),
          header_parameters: Type.Optional(templateValuesArg("A text header's values")),
          header_media: Type.Optional(templateHeaderMediaArg()),
          button_parameters: Type.Optional(templateButtonsArg()),
          name_fallback: Type.Optional(
            Type.String({
              minLength: 1,
              maxLength: 60,
              description: 'What {nombre} becomes for a contact without a name; default the phone.',
            }),
          ),
        },
        { additionalProperties: false },
      ),
      Type.Null(),
    ],
    {
      description:
        'The approved template sent on Cloud API lines (required when the campaign uses one); other lines send message_text. Values may use {nombre}, {telefono} and {tienda}. null clears it.',
    },
  );
