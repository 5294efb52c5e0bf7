import { expect } from 'chai';
import type { ChannelEvent, EventOwner } from '../channel/channel-port.js';
import { GroupCommit } from '../wiring/group-commit.js';

/** A status event; only its id and session matter to the group commit. */
const event = (id: string, sessionKey = 'line-a'): ChannelEvent => ({
  id,
  type: 'message.status',
  sessionKey,
  occurredAt: new Date(),
  receipt: { providerMessageId: `wamid.${id}`, status: 'delivered', error: null },
});
const owner = (shopId: number, sessionKey = 'line-a', sessionId = shopId * 10): EventOwner => ({
  shopId,
  sessionIds: new Map([[sessionKey, sessionId]]),
});

/** The event router's stand-in: each call is a transaction, settled by the test. */
function recordingRouter() {
  const calls: { ids: string[]; owner: EventOwner; commit: () => void; fail: (err: Error) => void }[] = [];
  const apply = (events: ChannelEvent[], given?: EventOwner) =>
    new Promise<void>((commit, fail) => calls.push({ ids: events.map((e) => e.id), owner: given!, commit, fail }));
  return { calls, apply };
}
const settled = async (promise: Promise<unknown>) => {
  let state = 'pending';
  promise.then(
    () => (state = 'answered'),
    () => (state = 'refused'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('whatsapp_ops: group commit of webhook notifications', () => {
  it('the first notification goes at once; those arriving while it commits go together, in arrival order, answered only after their commit', async () => {
    const { calls, apply } = recordingRouter();
    const group = new GroupCommit(apply, { maxNotifications: 100, maxWaitMs: 1000 });
    const first = group.submit([event('1')], owner(1));
    await tick();
    expect(calls.map((c) => c.ids)).to.deep.equal([['1']]);
    const later = [group.submit([event('2')], owner(1)), group.submit([event('3'), event('4')], owner(1))];
    await tick();
    expect(calls).to.have.length(1);
    expect(await settled(first)).to.equal('pending');

    calls[0]!.commit();
    expect(await settled(first)).to.equal('answered');
    await tick();
    expect(calls.map((c) => c.ids)).to.deep.equal([['1'], ['2', '3', '4']]);
    expect(calls[1]!.owner.shopId).to.equal(1);
    expect(await settled(later[0]!)).to.equal('pending');
    calls[1]!.commit();
    expect(await Promise.all(later.map(settled))).to.deep.equal(['answered', 'answered']);
  });

  it('bounds the wait: a group goes when maxNotifications wait, or maxWaitMs after its first, even while another commits', async () => {
    const { calls, apply } = recordingRouter();
    const group = new GroupCommit(apply, { maxNotifications: 3, maxWaitMs: 30 });
    void group.submit([event('1')], owner(1));
    await tick();
    for (const id of ['2', '3', '4']) void group.submit([event(id)], owner(1));
    expect(calls.map((c) => c.ids)).to.deep.equal([['1'], ['2', '3', '4']]);
    void group.submit([event('5')], owner(1));
    await tick();
    expect(calls).to.have.length(2);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls.map((c) => c.ids)).to.deep.equal([['1'], ['2', '3', '4'], ['5']]);
  });

  it("splits a group by shop: each shop's events in one batch with its own sessions, committed and refused on its own", async () => {
    const { calls, apply } = recordingRouter();
    const group = new GroupCommit(apply, { maxNotifications: 4, maxWaitMs: 1000 });
    const answers = [
      group.submit([event('a1', 'line-a')], owner(1, 'line-a', 11)),
      group.submit([event('b1', 'line-b')], owner(2, 'line-b', 21)),
      group.submit([event('a2', 'line-a2')], owner(1, 'line-a2', 12)),
      group.submit([event('b2', 'line-b')], owner(2, 'line-b', 21)),
    ];
    expect(calls.map((c) => [c.owner.shopId, c.ids])).to.deep.equal([
      [1, ['a1', 'a2']],
      [2, ['b1', 'b2']],
    ]);
    expect([...calls[0]!.owner.sessionIds]).to.deep.equal([
      ['line-a', 11],
      ['line-a2', 12],
    ]);
    calls[1]!.fail(new Error('connection lost'));
    calls[0]!.commit();
    await tick();
    // Shop 2's group failed: its notifications are tried again one at a time.
    expect(calls.slice(2).map((c) => [c.owner.shopId, c.ids])).to.deep.equal([[2, ['b1']]]);
    expect(await Promise.all(answers.map(settled))).to.deep.equal(['answered', 'pending', 'answered', 'pending']);
    calls[2]!.fail(new Error('connection lost'));
    await tick();
    expect(calls.slice(3).map((c) => [c.owner.shopId, c.ids])).to.deep.equal([[2, ['b2']]]);
    calls[3]!.commit();
    expect(await Promise.all(answers.map(settled))).to.deep.equal(['answered', 'refused', 'answered', 'answered']);
  });

  it('a failed group refuses only the notification that fails alone, with its own error', async () => {
    const poisoned = new Set(['2']);
    const batches: string[][] = [];
    const group = new GroupCommit(
      async (events) => {
        batches.push(events.map((e) => e.id));
        await tick();
        if (events.some((e) => poisoned.has(e.id))) throw new Error(`not ready: ${events.map((e) => e.id)}`);
      },
      { maxNotifications: 3, maxWaitMs: 1000 },
    );
    const answers = ['1', '2', '3'].map((id) =>
      group.submit([event(id)], owner(1)).then(
        () => 'ok',
        (err: Error) => err.message,
      ),
    );
    expect(await Promise.all(answers)).to.deep.equal(['ok', 'not ready: 2', 'ok']);
    expect(batches).to.deep.equal([['1', '2', '3'], ['1'], ['2'], ['3']]);
  });

  it('a notification without events answers at once and joins no group', async () => {
    const { calls, apply } = recordingRouter();
    const group = new GroupCommit(apply, { maxNotifications: 2, maxWaitMs: 1000 });
    await group.submit([], owner(1));
    await tick();
    expect(calls).to.deep.equal([]);
  });
});
