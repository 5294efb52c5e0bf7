import { invalidArguments, ToolError } from '../../../core/index.js';
import type { TemplateComponentInput, TemplateMessage, TemplateParameter } from '../channel/channel-port.js';
import type { ChatappTemplate } from '../entities/chatapp-template.entity.js';

/** A template send as callers give it: the values for the template's placeholders. */
export interface TemplateRequest {
  name: string;
  /** e.g. en_US; may be left out when the template exists in one language only. */
  language?: string;
  /** {{1}}, {{2}} … in order, or {{name}} by name, as the template's parameter format says. */
  body?: string[] | Record<string, string>;
  header?: string[] | Record<string, string>;
  /** For a template whose header is an image, video or document. */
  headerMedia?: { link?: string; mediaId?: string; filename?: string };
  /** Buttons that take a value: a URL suffix, a quick reply's payload, a coupon code. */
  buttons?: { index: number; value: string }[];
}

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const placeholders = (text: string | undefined) => [
  ...new Set([...(text ?? '').matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

const mismatch = (message: string, details: Record<string, unknown>) =>
  new ToolError('template_parameters_mismatch', message, details);

/** The values for a component's placeholders, in order, checked against what the template has. */
function values(
  part: 'body' | 'header',
  text: string | undefined,
  given: string[] | Record<string, string> | undefined,
  named: boolean,
): { name: string; value: string }[] {
  const wanted = placeholders(text);
  const list =
    given === undefined
      ? []
      : Array.isArray(given)
        ? given.map((value, i) => ({ name: String(i + 1), value }))
        : Object.entries(given).map(([name, value]) => ({ name, value }));
  if (given !== undefined && Array.isArray(given) === named)
    throw mismatch(
      `The template's ${part} takes ${named ? 'named parameters (an object)' : 'positional parameters (a list)'}.`,
      {
        part,
        expected: wanted,
      },
    );
  const names = list.map((v) => v.name);
  if (wanted.length !== names.length || wanted.some((w) => !names.includes(w)))
    throw mismatch(
      `The template's ${part} has ${wanted.length} placeholder(s) (${wanted.map((w) => `{{${w}}}`).join(', ') || 'none'}); ${names.length} value(s) were given.`,
      { part, expected: wanted, given: names },
    );
  for (const v of list)
    if (v.value.trim() === '')
      throw mismatch(`The ${part} value for {{${v.name}}} is blank.`, { part, placeholder: v.name });
  return wanted.map((w) => list.find((v) => v.name === w)!);
}

const fill = (text: string, filled: { name: string; value: string }[]) =>
  text.replace(PLACEHOLDER, (_, name: string) => filled.find((v) => v.name === name)?.value ?? `{{${name}}}`);

/**
 * An approved template filled in: the message the network takes, and its text as the customer
 * reads it (for the message record). Every placeholder needs its value, nothing more.
 */
export function fillTemplate(
  template: ChatappTemplate,
  request: TemplateRequest,
): { message: TemplateMessage; text: string } {
  const named = template.parameterFormat === 'named';
  const components: TemplateComponentInput[] = [];
  const shown: string[] = [];
  const find = (type: string) => template.components.find((c) => c.type.toUpperCase() === type);

  const header = find('HEADER');
  const format = header?.format?.toUpperCase();
  if (format === 'TEXT') {
    const filled = values('header', header!.text, request.header, named);
    if (filled.length > 0) components.push({ type: 'header', parameters: filled.map((v) => textParameter(v, named)) });
    shown.push(fill(header!.text ?? '', filled));
  } else if (format === 'IMAGE' || format === 'VIDEO' || format === 'DOCUMENT') {
    const media = request.headerMedia;
    if (!media || (media.link === undefined) === (media.mediaId === undefined))
      throw mismatch(`The template's header is ${format.toLowerCase()}: give header_media with a link or a media_id.`, {
        part: 'header',
        expected: [format.toLowerCase()],
      });
    components.push({ type: 'header', parameters: [mediaParameter(format, media)] });
    shown.push(`[${format.toLowerCase()}]`);
  } else if (request.header !== undefined || request.headerMedia !== undefined) {
    throw mismatch('The template has no header to fill.', { part: 'header', expected: [] });
  }

  const body = find('BODY');
  const bodyValues = values('body', body?.text, request.body, named);
  if (bodyValues.length > 0)
    components.push({ type: 'body', parameters: bodyValues.map((v) => textParameter(v, named)) });
  shown.push(fill(body?.text ?? '', bodyValues));
  const footer = find('FOOTER')?.text;
  if (footer) shown.push(footer);

  const buttons = find('BUTTONS')?.buttons ?? [];
  const given = new Map((request.buttons ?? []).map((b) => [b.index, b.value]));
  for (const index of given.keys())
    if (!buttons[index])
      throw mismatch(`The template has no button ${index}.`, { part: 'buttons', expected: buttons.length });
  for (const [index, button] of buttons.entries()) {
    const type = button.type.toUpperCase();
    const value = given.get(index);
    const needsValue = (type === 'URL' && placeholders(button.url).length > 0) || type === 'COPY_CODE';
    if (needsValue && value === undefined)
      throw mismatch(`Button ${index} (${type.toLowerCase()}) needs a value.`, { part: 'buttons', index });
    if (value === undefined) continue;
    if (type === 'URL' && placeholders(button.url).length === 0)
      throw mismatch(`Button ${index} has a fixed URL and takes no value.`, { part: 'buttons', index });
    if (type !== 'URL' && type !== 'QUICK_REPLY' && type !== 'COPY_CODE')
      throw mismatch(`Button ${index} (${type.toLowerCase()}) takes no value.`, { part: 'buttons', index });
    const subType = type === 'URL' ? 'url' : type === 'COPY_CODE' ? 'copy_code' : 'quick_reply';
    const parameter: TemplateParameter =
      subType === 'url'
        ? { type: 'text', text: value }
        : subType === 'copy_code'
          ? { type: 'coupon_code', coupon_code: value }
          : { type: 'payload', payload: value };
    components.push({ type: 'button', sub_type: subType, index: String(index), parameters: [parameter] });
  }
  return {
    message: { name: template.name, language: template.language, components },
    text: shown.filter((part) => part !== '').join('\n\n'),
  };
}

function textParameter(v: { name: string; value: string }, named: boolean): TemplateParameter {
  return named ? { type: 'text', parameter_name: v.name, text: v.value } : { type: 'text', text: v.value };
}

function mediaParameter(format: string, media: NonNullable<TemplateRequest['headerMedia']>): TemplateParameter {
  const source = media.link !== undefined ? { link: media.link } : { id: media.mediaId! };
  if (media.link !== undefined && !/^https:\/\//.test(media.link))
    throw invalidArguments('header_media.link must be an https URL the network can fetch.', [
      { path: 'header_media.link', message: 'must start with https://' },
    ]);
  if (format === 'IMAGE') return { type: 'image', image: source };
  if (format === 'VIDEO') return { type: 'video', video: source };
  return {
    type: 'document',
    document: { ...source, ...(media.filename !== undefined && { filename: media.filename }) },
  };
}
