import type { MediaLike } from './message-preview.js';

/** The whatsapp_ops events this group follows, as the messaging groups' contract fixes them. */
export interface MessageReceived {
  message_id: number;
  session_id: number;
  phone: string;
  text: string | null;
  media: MediaLike | null;
  received_at: string | Date;
}

export interface MessageSent {
  message_id: number;
  session_id: number;
  phone: string;
  text: string | null;
  media?: MediaLike | null;
  automatic: boolean;
  billing_source: string | null;
  sent_at: string | Date;
}

export interface MessageStatusChanged {
  message_id: number;
  session_id: number;
  phone: string;
  status: 'sending' | 'sent' | 'delivered' | 'read' | 'failed' | 'received';
}
