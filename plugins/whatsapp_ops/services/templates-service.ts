import { invalidArguments, pageOf, sql, ToolError, type Paging } from '../../../core/index.js';
import type { NetworkTemplate, TemplateMessage } from '../channel/channel-port.js';
import { ChatappProvider } from '../entities/chatapp-provider.entity.js';
import { ChatappTemplate } from '../entities/chatapp-template.entity.js';
import type { ChatappCradle } from './cradle.js';
import { viaChannel } from './channel-failure.js';
import type { SendLine } from './sessions-service.js';
import { fillTemplate, type TemplateRequest } from './template-fill.js';

/** The only status the network sends a template in. */
const APPROVED = 'approved';

export const templatePayload = (t: ChatappTemplate) => ({
  id: t.id,
  provider_id: t.providerId,
  template_id: t.templateId,
  name: t.name,
  language: t.language,
  category: t.category,
  status: t.status,
  parameter_format: t.parameterFormat,
  components: t.components,
  rejected_reason: t.rejectedReason ?? null,
  synced_at: t.syncedAt.toISOString(),
});

/**
 * Message templates: read from each provider's account (sync), kept per provider, and filled in
 * for a send, which is refused here (nothing sent or charged) when the template is unknown, not
 * approved, or its placeholders and the values given do not match.
 */
export class ChatappTemplatesService {
  constructor(private readonly deps: ChatappCradle) {}

  private get em() {
    return this.deps.em;
  }

  /** Reads every template of the shop's providers that have templates (or of one), and keeps this copy. */
  async sync(providerId: number | undefined) {
    const providers =
      providerId === undefined
        ? await this.em.find(ChatappProvider, {}, { orderBy: { id: 'asc' } })
        : [await this.deps.chatappProvidersService.get(providerId)];
    const results = [];
    for (const provider of providers) {
      const port = await this.deps.chatappChannels.forProvider(provider.id);
      if (!port.capabilities.templates || !port.listTemplates) {
        if (providerId !== undefined)
          throw new ToolError('not_supported', `Provider ${provider.id} (${provider.kind}) has no message templates.`);
        continue;
      }
      const listed = await viaChannel(() => port.listTemplates!());
      results.push({ provider_id: provider.id, ...(await this.keep(provider.id, listed)) });
    }
    return { providers: results };
  }

  async list(filters: { providerId?: number; status?: string; name?: string }, paging: Paging) {
    const where = {
      ...(filters.providerId !== undefined && { providerId: filters.providerId }),
      ...(filters.status && { status: filters.status.toLowerCase() }),
      ...(filters.name && { name: filters.name }),
    };
    const [rows, count] = await this.em.findAndCount(ChatappTemplate, where, {
      orderBy: { name: 'asc', language: 'asc' },
      limit: paging.limit,
      offset: paging.offset,
    });
    return pageOf('templates', rows.map(templatePayload), count, paging);
  }

  /**
   * For the send path: the template on the line's provider, approved, filled in with the values.
   * Throws template_not_found, template_not_approved or template_parameters_mismatch.
   */
  async prepare(line: SendLine, request: TemplateRequest): Promise<{ message: TemplateMessage; text: string }> {
    return fillTemplate(await this.approved(line, request), request);
  }

  /** The approved template a send names on its line's provider; throws as prepare() does. */
  async approved(line: SendLine, request: Pick<TemplateRequest, 'name' | 'language'>): Promise<ChatappTemplate> {
    const candidates = await this.em.find(ChatappTemplate, {
      providerId: line.providerId!,
      name: request.name,
      ...(request.language !== undefined && { language: request.language }),
    });
    if (candidates.length === 0)
      throw new ToolError(
        'template_not_found',
        `No template "${request.name}"${request.language ? ` in ${request.language}` : ''} on the provider of line ${line.id}: create it at Meta, then run sync_chatapp_templates.`,
        { name: request.name, language: request.language ?? null, provider_id: line.providerId },
      );
    if (candidates.length > 1)
      throw invalidArguments(
        `Template "${request.name}" exists in ${candidates.map((t) => t.language).join(', ')}: give its language.`,
        [{ path: 'language', message: 'is required for this template' }],
      );
    const template = candidates[0]!;
    if (template.status !== APPROVED)
      throw new ToolError(
        'template_not_approved',
        `Template "${template.name}" (${template.language}) is ${template.status}, not approved: only approved templates can be sent.`,
        { name: template.name, language: template.language, status: template.status },
      );
    return template;
  }

  /**
   * Of the shop's lines named (or, for null, those enabled for mass marketing), the ones whose
   * network sends templates and takes nothing else outside the customer's 24-hour window (Cloud
   * API numbers). Only a provider's line can be one; a line whose provider is gone is left out.
   */
  async templateLines(sessionIds: number[] | null): Promise<SendLine[]> {
    const lines = await sql<SendLine>(
      this.em,
      `select id, session_key "sessionKey", api_key_sealed "apiKeySealed", status, phone, label, adapter,
              provider_id "providerId", external_id "externalId" from chatapp_sessions
       where shop_id = $1 and provider_id is not null
         and ${sessionIds === null ? 'mass_marketing_enabled' : 'id = any(array(select json_array_elements_text($2::json)::int))'}
       order by id`,
      sessionIds === null ? [this.deps.shop.id] : [this.deps.shop.id, JSON.stringify(sessionIds)],
    );
    const out: SendLine[] = [];
    for (const line of lines) {
      const can = await this.deps.chatappChannels.capabilitiesOf(line);
      if (can?.templates && can.customerServiceWindow) out.push(line);
    }
    return out;
  }

  /** One provider's listing as the stored copy: new and changed ones written, vanished ones removed. */
  private async keep(providerId: number, listed: NetworkTemplate[]) {
    const existing = new Map(
      (await this.em.find(ChatappTemplate, { providerId })).map((t) => [`${t.name}\n${t.language}`, t]),
    );
    const now = new Date();
    const seen = new Set<string>();
    for (const t of listed) {
      const key = `${t.name}\n${t.language}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const fields = {
        templateId: t.id,
        category: t.category.toLowerCase(),
        status: t.status.toLowerCase(),
        parameterFormat: (t.parameter_format ?? 'positional').toLowerCase(),
        components: t.components ?? [],
        rejectedReason: t.rejected_reason && t.rejected_reason !== 'NONE' ? t.rejected_reason : null,
        syncedAt: now,
      };
      const row = existing.get(key);
      if (row) Object.assign(row, fields);
      else
        this.em.create(ChatappTemplate, {
          providerId,
          name: t.name,
          language: t.language,
          ...fields,
        } as ChatappTemplate);
    }
    const gone = [...existing].filter(([key]) => !seen.has(key)).map(([, row]) => row);
    for (const row of gone) this.em.remove(row);
    await this.em.flush();
    const statuses: Record<string, number> = {};
    for (const t of listed) statuses[t.status.toLowerCase()] = (statuses[t.status.toLowerCase()] ?? 0) + 1;
    return { templates: seen.size, removed: gone.length, by_status: statuses };
  }
}
