import { randomInt } from 'node:crypto';
import {
  invalidArguments,
  notFound,
  pageOf,
  type EntityManager,
  type Paging,
  type Services,
} from '../../../core/index.js';
import { ReferralCode } from '../entities/referral-code.entity.js';
import { ReferralLink } from '../entities/referral-link.entity.js';
import { resolveTarget, type ReferralTarget } from './resolve-target.js';

/** No 0/O, 1/I/L: codes are read aloud and typed from screenshots. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomCode = (length: number) => Array.from({ length }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** The shop's code and tracked links, and the resolution of any code or slug to its shop. */
export class ReferralCodesService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  /**
   * The shop's code, made on first need: at shop.created for new shops, and on the first call for
   * shops created before this group (a migration may not read the kernel's shops table, and a code
   * nobody has seen cannot have been shared).
   */
  async own(): Promise<ReferralCode> {
    const existing = await this.em.findOne(ReferralCode, {});
    if (existing) return existing;
    for (;;) {
      const code = randomCode(8);
      const taken = await this.em.findOne(ReferralCode, { code }, { filters: { tenant: false } });
      if (taken) continue;
      const row = this.em.create(ReferralCode, { code } as ReferralCode);
      await this.em.flush();
      return row;
    }
  }

  async codePayload() {
    const code = await this.own();
    return { code: code.code, url: this.url(code.code), created_at: code.createdAt.toISOString() };
  }

  async createLink(label: string, source: string | undefined) {
    const name = label.trim();
    if (!name) throw invalidArguments('label must not be blank.', [{ path: 'label', message: 'must not be blank' }]);
    const code = await this.own();
    let slug: string;
    do slug = `${code.code}-${randomCode(5)}`;
    while (await this.em.findOne(ReferralLink, { slug }, { filters: { tenant: false } }));
    const link = this.em.create(ReferralLink, { slug, label: name, source: source?.trim() || null } as ReferralLink);
    await this.em.flush();
    return (await this.linkPayloads([link]))[0]!;
  }

  async listLinks(paging: Paging) {
    const [links, count] = await this.em.findAndCount(
      ReferralLink,
      {},
      { orderBy: { id: 'desc' }, limit: paging.limit, offset: paging.offset },
    );
    return pageOf('links', await this.linkPayloads(links), count, paging);
  }

  async disableLink(id: number) {
    const link = await this.em.findOne(ReferralLink, { id });
    if (!link) throw notFound('link', id);
    link.disabledAt ??= new Date();
    await this.em.flush();
    return (await this.linkPayloads([link]))[0]!;
  }

  resolve(raw: string): Promise<ReferralTarget | null> {
    return resolveTarget(this.em, raw);
  }

  url(slug: string): string {
    return `${this.deps.baseUrl()}/r/${slug}`;
  }

  private async linkPayloads(links: ReferralLink[]) {
    const ids = links.map((l) => l.id);
    const shopId = this.deps.shop.id;
    // Counted in the database: a popular link has thousands of click rows, the answer needs one number.
    const counts = async (sql: string) =>
      new Map(
        ids.length === 0
          ? []
          : (await this.em.execute<{ link_id: number; n: number }[]>(sql, [shopId, ...ids])).map((r) => [
              Number(r.link_id),
              Number(r.n),
            ]),
      );
    const marks = ids.map(() => '?').join(', ');
    const clicks = await counts(
      `select link_id, count(*)::int as n from referral_clicks where shop_id = ? and link_id in (${marks}) group by link_id`,
    );
    const signups = await counts(
      `select link_id, count(*)::int as n from referrals where referrer_shop_id = ? and link_id in (${marks}) group by link_id`,
    );
    return links.map((l) => ({
      id: l.id,
      slug: l.slug,
      url: this.url(l.slug),
      label: l.label,
      source: l.source ?? null,
      clicks: clicks.get(l.id) ?? 0,
      signups: signups.get(l.id) ?? 0,
      disabled: l.disabledAt != null,
      created_at: l.createdAt.toISOString(),
    }));
  }
}
