import type { ChannelEvent, ChannelEventHandler, EventOwner } from '../channel/channel-port.js';

export interface GroupCommitLimits {
  /** A group goes as soon as this many notifications wait. */
  maxNotifications: number;
  /** The longest a notification waits for others while an earlier group is still committing. */
  maxWaitMs: number;
}

interface Member {
  events: ChannelEvent[];
  owner: EventOwner;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for verified webhook notifications: those that arrive while a group is committing
 * wait (up to `maxWaitMs`, or until `maxNotifications` wait) and are then applied together — each
 * shop's events merged, in arrival order, into one batch for the event router, so one transaction
 * and its handful of statements serve them all instead of one each. When nothing is committing a
 * group goes at once (with what arrived in the same turn): waiting would gain nothing but latency.
 *
 * `submit` settles only after the transaction holding the notification's events committed, so a
 * webhook answers 200 only for what is stored (Meta does not resend a 200'd notification). A group
 * that fails is applied again one notification at a time, each in its own transaction: the one
 * whose event cannot be applied yet (a receipt ahead of its send) is refused alone, and Meta
 * retries it, while the others are stored and answered 200; a database that is down refuses them
 * all. Shops of one group commit independently: a shop's failure refuses only its notifications.
 */
export class GroupCommit {
  private waiting: Member[] = [];
  private timer: NodeJS.Timeout | undefined;
  private immediate: NodeJS.Immediate | undefined;
  private committing = 0;

  constructor(
    private readonly apply: ChannelEventHandler,
    private readonly limits: GroupCommitLimits,
  ) {}

  submit(events: ChannelEvent[], owner: EventOwner): Promise<void> {
    if (events.length === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiting.push({ events, owner, resolve, reject });
      if (this.waiting.length >= this.limits.maxNotifications) this.flush();
      else if (this.committing === 0) this.immediate ??= setImmediate(() => this.flush());
      else this.timer ??= setTimeout(() => this.flush(), this.limits.maxWaitMs);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    clearImmediate(this.immediate);
    this.timer = this.immediate = undefined;
    const group = this.waiting;
    if (group.length === 0) return;
    this.waiting = [];
    this.committing++;
    void Promise.all([...byShop(group).values()].map((members) => this.commit(members))).finally(() => {
      this.committing--;
      // The database is free again: what gathered meanwhile goes now rather than at its deadline.
      if (this.committing === 0 && this.waiting.length > 0) this.flush();
    });
  }

  /** One shop's members: one merged batch, or each alone when it fails. */
  private async commit(members: Member[]): Promise<void> {
    const [first] = members;
    if (members.length === 1) return this.applyAlone(first!);
    const sessionIds = new Map<string, number>();
    for (const m of members) for (const [key, id] of m.owner.sessionIds) sessionIds.set(key, id);
    try {
      await this.apply(
        members.flatMap((m) => m.events),
        { shopId: first!.owner.shopId, sessionIds },
      );
    } catch {
      // The group rolled back whole; in arrival order, so each notification sees what it would have alone.
      for (const m of members) await this.applyAlone(m);
      return;
    }
    for (const m of members) m.resolve();
  }

  private async applyAlone(member: Member): Promise<void> {
    try {
      await this.apply(member.events, member.owner);
    } catch (err) {
      member.reject(err);
      return;
    }
    member.resolve();
  }
}

function byShop(group: Member[]): Map<number, Member[]> {
  const shops = new Map<number, Member[]>();
  for (const m of group) {
    const members = shops.get(m.owner.shopId);
    if (members) members.push(m);
    else shops.set(m.owner.shopId, [m]);
  }
  return shops;
}
