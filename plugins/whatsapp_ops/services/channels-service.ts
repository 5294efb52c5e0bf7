import type { ChannelCapabilities, ChannelPort, SendAttempt, SendInput, SessionRef } from '../channel/channel-port.js';
import { ChannelError } from '../channel/channel-error.js';
import type { ChatappSession } from '../entities/chatapp-session.entity.js';
import type { ChatappCradle } from './cradle.js';

/** What resolving a line's adapter reads of it. */
export type LineRef = Pick<ChatappSession, 'sessionKey' | 'apiKeySealed' | 'adapter' | 'providerId' | 'externalId'>;

/** A port call's input without the line, which the registry adds. */
export type LineSend = Omit<SendInput, keyof SessionRef>;

/**
 * The adapter of each line: the installation's (sandbox or session service) for lines made by it,
 * or the shop's provider's for its lines. Providers are read once per call.
 */
export class ChatappChannelsService {
  private readonly providers = new Map<number, Promise<ChannelPort>>();

  constructor(private readonly deps: ChatappCradle) {}

  get installation(): ChannelPort {
    return this.deps.chatappChannelRegistry.installation;
  }

  async forLine(line: LineRef): Promise<ChannelPort> {
    if (line.providerId == null) {
      const port = this.installation;
      if (line.adapter !== port.kind)
        throw new ChannelError(
          'not_supported',
          `this line was created with the ${line.adapter} adapter; the server now runs ${port.kind}`,
        );
      return port;
    }
    return this.forProvider(line.providerId);
  }

  /** What the line's adapter can do; null when its adapter cannot be had (a removed provider, a changed installation). */
  async capabilitiesOf(line: LineRef): Promise<ChannelCapabilities | null> {
    try {
      return (await this.forLine(line)).capabilities;
    } catch (err) {
      if (err instanceof ChannelError) return null;
      throw err;
    }
  }

  /** The adapter of one of the shop's providers. */
  forProvider(id: number): Promise<ChannelPort> {
    let port = this.providers.get(id);
    if (!port) {
      port = this.deps.chatappProvidersService.record(id).then((record) => {
        if (!record) throw new ChannelError('session_not_found', `provider ${id} was removed`);
        return this.deps.chatappChannelRegistry.forProvider(record);
      });
      this.providers.set(id, port);
    }
    return port;
  }

  /** How the port addresses the line; the API key is opened only here, for the call. */
  ref(line: Pick<LineRef, 'sessionKey' | 'apiKeySealed' | 'externalId'>): SessionRef {
    return {
      sessionKey: line.sessionKey,
      ...(line.apiKeySealed && { apiKey: this.deps.secrets.open(line.apiKeySealed) }),
      ...(line.externalId && { externalId: line.externalId }),
    };
  }

  /**
   * One batch across lines of different adapters: grouped by adapter, each group in one sendMany,
   * the answers back in input order. A line whose adapter cannot be had is refused alone.
   */
  async sendMany(sends: { line: LineRef; send: LineSend }[]): Promise<SendAttempt[]> {
    const answers: SendAttempt[] = new Array(sends.length);
    const groups = new Map<ChannelPort, number[]>();
    for (const [i, { line }] of sends.entries()) {
      try {
        const port = await this.forLine(line);
        const group = groups.get(port) ?? [];
        if (group.length === 0) groups.set(port, group);
        group.push(i);
      } catch (err) {
        if (!(err instanceof ChannelError)) throw err;
        answers[i] = err;
      }
    }
    for (const [port, indexes] of groups) {
      const attempts = await port.sendMany(indexes.map((i) => ({ ...this.ref(sends[i]!.line), ...sends[i]!.send })));
      for (const [j, i] of indexes.entries()) answers[i] = attempts[j]!;
    }
    return answers;
  }
}
