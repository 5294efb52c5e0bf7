import type { ChannelEventHandler, ChannelPort } from '../channel-port.js';
import { ChannelError } from '../channel-error.js';
import type { OfferedLine, ProviderKind, ProviderRecord, ProviderRuntime } from './provider-kind.js';
import { PROVIDER_KINDS } from './provider-kinds.js';

/**
 * Every adapter of the process: the installation's (sandbox or session service), and one per shop
 * provider, built on first use and kept while the provider is unchanged (its version). One event
 * handler takes the events of them all.
 */
export class ChannelRegistry {
  private readonly adapters = new Map<number, { version: string; port: ChannelPort }>();

  constructor(
    readonly installation: ChannelPort,
    private readonly runtime: ProviderRuntime,
    private readonly handler: ChannelEventHandler,
    private readonly kinds: ReadonlyMap<string, ProviderKind> = PROVIDER_KINDS,
  ) {
    installation.setEventHandler(handler);
  }

  kind(name: string): ProviderKind | undefined {
    return this.kinds.get(name);
  }

  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /**
   * Checks a provider's fields against its network with an adapter of its own, never cached: a
   * refused token here stops no line (the provider as stored is unchanged).
   */
  verify(provider: ProviderRecord): Promise<OfferedLine[]> {
    const kind = this.kinds.get(provider.kind);
    if (!kind) throw new ChannelError('not_supported', `provider kind ${provider.kind} is not known to this server`);
    return kind.verify(kind.createAdapter(provider, { ...this.runtime, onLineStop: () => {} }));
  }

  forProvider(provider: ProviderRecord): ChannelPort {
    const cached = this.adapters.get(provider.id);
    if (cached?.version === provider.version) return cached.port;
    const kind = this.kinds.get(provider.kind);
    if (!kind) throw new ChannelError('not_supported', `provider kind ${provider.kind} is not known to this server`);
    const port = kind.createAdapter(provider, this.runtime);
    port.setEventHandler(this.handler);
    this.adapters.set(provider.id, { version: provider.version, port });
    return port;
  }

  /** A removed provider's adapter goes (its sends stop at once). */
  forget(providerId: number): void {
    this.adapters.delete(providerId);
  }
}
