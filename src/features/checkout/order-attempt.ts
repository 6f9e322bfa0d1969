/**
 * The idempotency key of placing an order. One attempt keeps its key: a retry after a failure
 * (an answer lost on the way, a server error) sends the same key, so the server places the order
 * at most once. A changed cart or order, or a placed order, starts a new attempt.
 */
export class OrderAttempt {
  private current: { key: string; signature: string } | null = null;

  constructor(private readonly newKey: () => string = () => crypto.randomUUID()) {}

  /** The key for an order of this signature (cart revision and request body). */
  keyFor(signature: string): string {
    if (!this.current || this.current.signature !== signature) {
      this.current = { key: this.newKey(), signature };
    }
    return this.current.key;
  }

  /** After an order is placed, the next one is a new attempt. */
  finish(): void {
    this.current = null;
  }
}
