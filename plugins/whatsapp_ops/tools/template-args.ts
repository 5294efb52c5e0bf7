import { Type } from '../../../core/index.js';

/**
 * The arguments that fill an approved template's placeholders, header and buttons: a direct send
 * (send_chatapp_template) and a campaign's template (mass_marketing) take the same shapes.
 */
export const templateValuesArg = (what: string) =>
  Type.Union([
    Type.Array(Type.String({ minLength: 1, maxLength: 1024 }), {
      maxItems: 60,
      description: `${what} for {{1}}, {{2}} … in order.`,
    }),
    Type.Record(Type.String({ pattern: '^[a-z0-9_]{1,60}$' }), Type.String({ minLength: 1, maxLength: 1024 }), {
      description: `${what} by placeholder name.`,
    }),
  ]);

export const templateLanguageArg = () =>
  Type.String({
    pattern: '^[a-z]{2,3}(_[A-Za-z]{2,4})?$',
    description: 'e.g. en_US; needed when the template exists in several.',
  });

export const templateHeaderMediaArg = () =>
  Type.Object(
    {
      link: Type.Optional(
        Type.String({ maxLength: 2048, description: 'A public https URL of the image, video or document.' }),
      ),
      media_id: Type.Optional(
        Type.String({ minLength: 1, maxLength: 128, description: 'Media uploaded to the number.' }),
      ),
      filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255, description: 'For a document.' })),
    },
    {
      additionalProperties: false,
      description: 'For a template whose header is an image, video or document: link or media_id.',
    },
  );

export const templateButtonsArg = () =>
  Type.Array(
    Type.Object(
      {
        index: Type.Integer({ minimum: 0, maximum: 9, description: "The button's position, from 0." }),
        value: Type.String({
          minLength: 1,
          maxLength: 1024,
          description: 'A URL suffix, a quick reply payload or a coupon code.',
        }),
      },
      { additionalProperties: false },
    ),
    { maxItems: 10 },
  );
