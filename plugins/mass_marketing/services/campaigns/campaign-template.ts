import { fillTemplate } from '../../../../core/index.js';
import type { TemplateRequest } from '../../../whatsapp_ops/surface.js';

type Values = string[] | Record<string, string>;

/**
 * The approved template a campaign sends on lines whose network takes only templates outside the
 * 24-hour window (Cloud API numbers): its name and language at Meta, and the value of each of its
 * placeholders, which may use the campaign variables {nombre}, {telefono} and {tienda}.
 */
export interface CampaignTemplate {
  name: string;
  language?: string;
  body?: Values;
  header?: Values;
  headerMedia?: { link?: string; mediaId?: string; filename?: string };
  buttons?: { index: number; value: string }[];
  /** What {nombre} becomes for a contact without a name (a template value may not be blank); default the phone. */
  nameFallback?: string;
}

/** The template argument of create_campaign / update_campaign (snake_case, as the tools take it). */
export interface CampaignTemplateArgs {
  name: string;
  language?: string;
  body_parameters?: Values;
  header_parameters?: Values;
  header_media?: { link?: string; media_id?: string; filename?: string };
  button_parameters?: { index: number; value: string }[];
  name_fallback?: string;
}

const defined = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

export function campaignTemplateOf(args: CampaignTemplateArgs): CampaignTemplate {
  return defined({
    name: args.name.trim(),
    language: args.language,
    body: args.body_parameters,
    header: args.header_parameters,
    headerMedia: args.header_media && {
      ...defined({ link: args.header_media.link, mediaId: args.header_media.media_id }),
      ...defined({ filename: args.header_media.filename }),
    },
    buttons: args.button_parameters,
    nameFallback: args.name_fallback?.trim() || undefined,
  });
}

export function campaignTemplatePayload(t: CampaignTemplate | null | undefined) {
  if (!t) return null;
  return {
    name: t.name,
    language: t.language ?? null,
    body_parameters: t.body ?? null,
    header_parameters: t.header ?? null,
    header_media: t.headerMedia
      ? {
          link: t.headerMedia.link ?? null,
          media_id: t.headerMedia.mediaId ?? null,
          filename: t.headerMedia.filename ?? null,
        }
      : null,
    button_parameters: t.buttons ?? null,
    name_fallback: t.nameFallback ?? null,
  };
}

/** The recipient's campaign variables. */
export interface RecipientValues {
  name: string | null;
  phone: string;
  shopName: string;
}

/**
 * The template send for one recipient: each value with the campaign variables filled in. The same
 * every time for a row, so a resend with the row's key is recognised as the same message.
 */
export function templateFor(t: CampaignTemplate, recipient: RecipientValues): TemplateRequest {
  const name = recipient.name?.trim() ? recipient.name : (t.nameFallback ?? recipient.phone);
  const vars = { nombre: name, telefono: recipient.phone, tienda: recipient.shopName };
  const fill = (value: string) => fillTemplate(value, vars);
  const values = (v: Values | undefined) =>
    v === undefined
      ? undefined
      : Array.isArray(v)
        ? v.map(fill)
        : Object.fromEntries(Object.entries(v).map(([k, value]) => [k, fill(value)]));
  return defined({
    name: t.name,
    language: t.language,
    body: values(t.body),
    header: values(t.header),
    headerMedia: t.headerMedia && defined({ ...t.headerMedia, link: t.headerMedia.link && fill(t.headerMedia.link) }),
    buttons: t.buttons?.map((b) => ({ index: b.index, value: fill(b.value) })),
  });
}

/** A recipient to check a template's values against before any is sent: a name, a phone and the shop. */
export const SAMPLE_RECIPIENT = (shopName: string): RecipientValues => ({
  name: 'Ana',
  phone: '+34600000000',
  shopName,
});
