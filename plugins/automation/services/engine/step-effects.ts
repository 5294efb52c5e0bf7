/** A refusal or failure of a step's effect, recorded in the run log. */
export interface EffectError {
  code: string;
  message: string;
}

export type Sent = { messageId: number | null } | { error: EffectError };

/** A message a step sends: the text, the billing source, and the key that makes it once. */
export interface OutgoingMessage {
  text: string;
  billingSource: string;
  key: string;
}

/**
 * What steps do to the world. The engine uses the live effects (the send path, customers, tickets…)
 * in the run's transaction; test_workflow uses a recorder that only writes down what would happen.
 */
export interface StepEffects {
  send(message: OutgoingMessage): Promise<Sent>;
  tag(action: 'add' | 'remove', tag: string): Promise<void>;
  comment(text: string): Promise<void>;
  ticket(ticket: { title: string; description: string | null; priority: string | null }): Promise<number>;
  assign(agentId: number): Promise<void>;
  /** Starts another workflow for the same customer; the new run's id, or why it did not start. */
  startWorkflow(workflowId: number): Promise<{ runId: number } | { skipped: string }>;
  isOpen(): Promise<boolean>;
}

/** The steps that reach outside: done before the step's transaction, their result kept for it. */
export interface ExternalEffects {
  http(url: string, body: Record<string, unknown>): Promise<{ status: number; body: string } | { error: EffectError }>;
  aiReply(
    question: string,
    instructions: string | null,
  ): Promise<{ text: string | null; engine: string; notice?: string } | { error: EffectError }>;
  aiClassify(
    text: string,
    categories: { name: string; description?: string; keywords?: string[] }[],
  ): Promise<{ category: string; engine: string } | { error: EffectError }>;
}
