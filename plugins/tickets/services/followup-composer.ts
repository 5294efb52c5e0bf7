/**
 * The follow-up composer port an AI group may fill (the prompt group does): a service registered
 * under the DI name `followupComposerPort`. Without one, or while it is not available, follow-ups
 * keep the template (followup-template.ts). Composing is a model call, so it runs in the
 * compose-followups job outside any transaction; `available` is read at resolve time, inside one.
 */
export interface FollowupComposerPort {
  /** Whether a model can compose now (false on the built-in engine). Must not call a model. */
  available(): Promise<boolean>;
  compose(request: FollowupCompositionRequest): Promise<{ text: string }>;
}

export interface FollowupCompositionRequest {
  locale: string;
  shopName: string;
  customerName: string | null;
  /** The agent's resolution, the only part of the ticket meant for the customer. */
  resolution: string;
  /** The template's message: what goes out when the composer cannot answer. */
  template: string;
}

export const FOLLOWUP_COMPOSER_PORT = 'followupComposerPort';

/** How long a follow-up waits for its composer before the template goes out anyway. */
export const COMPOSE_GRACE_MS = 2 * 60_000;

/** The longest composed message kept; a longer one falls back to the template. */
export const COMPOSED_MAX = 1_500;
