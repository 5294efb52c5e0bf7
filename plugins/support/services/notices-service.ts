import type { EntityManager, Services } from '../../../core/index.js';
import { PlatformNotice } from '../entities/platform-notice.entity.js';
import { noticePayload } from './payloads.js';

/** The operator's notices as shops see them: in force now, and maintenance announced ahead. */
export class PlatformNoticesService {
  constructor(private readonly deps: Services) {}

  private get em(): EntityManager {
    return this.deps.em;
  }

  async status() {
    const now = new Date();
    const notices = await this.em.find(
      PlatformNotice,
      { $or: [{ endsAt: null }, { endsAt: { $gt: now } }] },
      { orderBy: { startsAt: 'asc', id: 'asc' } },
    );
    const payloads = notices.map((n) => noticePayload(n, now));
    const incident = payloads.some((n) => n.active && n.kind === 'incident');
    const maintenance = payloads.some((n) => n.active && n.kind === 'maintenance');
    return {
      status: incident ? 'incident' : maintenance ? 'maintenance' : 'operational',
      notices: payloads,
    };
  }
}
