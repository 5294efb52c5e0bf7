import { Type } from '../../../../core/index.js';

const Values = (what: string) =>
  Type.Union([
    Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), {
      maxItems: 60,
      description: `${what} for {{1}}, {{2}} … in order.`,
    }),
    Type.Record(Type.String({ pattern: '^[a-z0-9_]{1,60}$' }), Type.String({ minLength: 1, maxLength: 1024 }), {
      description: `${what} by placeholder name.`,
    }),
  ]);

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
          language: Type.Optional(
            Type.String({
              pattern: '^[a-z]{2,3}(_[A-Za-z]{2,4})?$',
              description: 'e.g. es_ES; needed when the template exists in several.',
            }),
          ),
          body_parameters: Type.Optional(Values("The body's values")),
          header_parameters: Type.Optional(Values("A text header's values")),
          header_media: Type.Optional(
            Type.Object(
              {
                link: Type.Optional(Type.String({ maxLength: 2048, description: 'A public https URL.' })),
                media_id: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
                filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
              },
              {
                additionalProperties: false,
                description: 'For a template whose header is an image, video or document.',
              },
            ),
          ),
          button_parameters: Type.Optional(
            Type.Array(
              Type.Object(
                {
                  index: Type.Integer({ minimum: 0, maximum: 9 }),
                  value: Type.String({ minLength: 1, maxLength: 1024 }),
                },
                { additionalProperties: false },
              ),
              { maxItems: 10, description: 'Buttons that take a value (URL suffix, payload, coupon).' },
            ),
          ),
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
