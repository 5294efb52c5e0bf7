import { expect } from 'chai';
import { EventBus, inBatches, type Listener } from '../core/events/event-bus.js';
import type { ToolContext } from '../core/plugin/plugin-types.js';
import type { EventName } from '../core/events/event-map.js';

/** A name no group declares: the bus routes by name, whatever the payload types say. */
const A = 'a.happened' as EventName;

describe('events: the in-process bus', () => {
  const calls: { group: string; payloads: unknown[]; config: unknown }[] = [];
  const plain =
    (group: string): Listener =>
    async (payload, ctx) =>
      void calls.push({ group, payloads: [payload], config: ctx.config });
  const batched = (group: string): Listener =>
    inBatches(async (payloads, ctx) => void calls.push({ group, payloads, config: ctx.config }));
  const scoped = (listeners: Record<string, { group: string; handler: Listener }[]>) =>
    new EventBus(new Map(Object.entries(listeners))).forScope(
      (group) => ({ shop: { id: 1 }, config: { group } }) as unknown as ToolContext,
    );

  beforeEach(() => void (calls.length = 0));

  it('emitMany calls a plain listener once per event, in order, with its own group config', async () => {
    await scoped({ 'a.happened': [{ group: 'g1', handler: plain('g1') }] }).emitMany(A, [1, 2, 3] as never[]);
    expect(calls).to.deep.equal([1, 2, 3].map((n) => ({ group: 'g1', payloads: [n], config: { group: 'g1' } })));
  });

  it('emitMany hands a batch listener every event in one call; emit hands it a batch of one', async () => {
    const events = scoped({ 'a.happened': [{ group: 'g2', handler: batched('g2') }] });
    await events.emitMany(A, [1, 2, 3] as never[]);
    await events.emit(A, 4 as never);
    expect(calls).to.deep.equal([
      { group: 'g2', payloads: [1, 2, 3], config: { group: 'g2' } },
      { group: 'g2', payloads: [4], config: { group: 'g2' } },
    ]);
  });

  it('each listener gets the whole batch before the next listener runs; an empty batch calls nobody', async () => {
    const events = scoped({
      'a.happened': [
        { group: 'first', handler: plain('first') },
        { group: 'second', handler: batched('second') },
      ],
    });
    await events.emitMany(A, []);
    expect(calls).to.deep.equal([]);
    await events.emitMany(A, ['x', 'y'] as never[]);
    expect(calls.map((c) => [c.group, c.payloads])).to.deep.equal([
      ['first', ['x']],
      ['first', ['y']],
      ['second', ['x', 'y']],
    ]);
  });

  it('a listener that throws stops the emission, so the emitter’s unit of work fails with it', async () => {
    const failing: Listener = inBatches(async () => {
      throw new Error('listener failed');
    });
    const events = scoped({
      'a.happened': [
        { group: 'broken', handler: failing },
        { group: 'after', handler: plain('after') },
      ],
    });
    const err = await events.emitMany(A, [1] as never[]).catch((e: Error) => e);
    expect(err).to.be.instanceOf(Error).with.property('message', 'listener failed');
    expect(calls).to.deep.equal([]);
  });
});
