/** A notification on its way out of the outbox. */
export interface OutgoingMessage {
  id: number;
  type: string;
  to: string;
  subject: string;
  body: string;
}

/** Where notifications go: a file folder on Node, the log on Workers, an e-mail API in production. */
export interface Mailer {
  send(message: OutgoingMessage): Promise<void>;
}
