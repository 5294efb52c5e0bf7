export interface Reply<T> {
  status: number;
  data: T;
}

export interface Message {
  id: number;
  role: 'visitor' | 'assistant' | 'agent' | 'system';
  text: string;
  citations: { name?: string; where?: string | null; title?: string }[] | null;
  agent_name: string | null;
}

interface Session {
  id: string;
  token: string;
}

/**
 * The widget's calls to its server. The session lives in sessionStorage per key (the same tab keeps
 * its conversation across pages); a session the server no longer knows is replaced once.
 */
export class WidgetApi {
  private session: Session | null = null;
  private readonly storeKey: string;

  constructor(
    private readonly base: string,
    private readonly key: string,
  ) {
    this.storeKey = `switchboard-widget:${key}`;
    try {
      const stored = sessionStorage.getItem(this.storeKey);
      if (stored) this.session = JSON.parse(stored) as Session;
    } catch {
      this.session = null;
    }
  }

  async call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply<T>> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.session) headers['x-widget-token'] = this.session.token;
    const response = await fetch(`${this.base}/widget/${this.key}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'omit',
    });
    const data = (await response.json().catch(() => ({}))) as T;
    return { status: response.status, data };
  }

  get sessionId(): string | null {
    return this.session?.id ?? null;
  }

  async ensureSession(language: string): Promise<Reply<unknown> | null> {
    if (this.session) return null;
    const opened = await this.call<{ session_id: string; token: string }>('POST', '/sessions', {
      page_url: location.href,
      language,
    });
    if (opened.status !== 201) return opened;
    this.session = { id: opened.data.session_id, token: opened.data.token };
    try {
      sessionStorage.setItem(this.storeKey, JSON.stringify(this.session));
    } catch {
      // Storage blocked (private mode, sandboxed frame): the session lasts as long as the page.
    }
    return null;
  }

  forget(): void {
    this.session = null;
    try {
      sessionStorage.removeItem(this.storeKey);
    } catch {
      // Nothing stored.
    }
  }

  /** A call within the session; opened (again) when missing or unknown to the server. */
  async inSession<T>(
    language: string,
    method: 'GET' | 'POST',
    path: (id: string) => string,
    body?: unknown,
  ): Promise<Reply<T>> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await this.ensureSession(language);
      if (refused) return refused as Reply<T>;
      const reply = await this.call<T>(method, path(this.session!.id), body);
      if (reply.status !== 401) return reply;
      this.forget();
    }
    return { status: 401, data: {} as T };
  }
}
