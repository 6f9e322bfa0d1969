/**
 * Adding a line to the cart, also offline: without a connection the line waits in the outbox
 * (kind `cart.add-line`) with its idempotency key and is sent once the connection returns. A
 * repeat of a send that the server already handled (an answer lost on the way) is answered from
 * the first one; a line the server refuses stays with the reason until the buyer removes it.
 */
import type { CartItem, CartLineCreate } from '#contract/cart.ts';
import type { OutboxSync } from '#src/hooks/use-outbox-sync.ts';
import type { BuyerPortalDatabase } from '#src/lib/db.ts';
import {
  defineOutboxKind,
  listOutbox,
  type OutboxEntry,
  RETRY_WHILE_IN_FLIGHT,
  sendOrKeep,
} from '#src/lib/outbox.ts';

import { bumpCartRevision } from '../cart-revision.ts';
import { cartQueries } from './queries.ts';
import { createCartLine } from './requests.ts';

/** What the buyer chose, in words, so a waiting line can be listed without the server. */
export interface CartLineSummary {
  hostname: string;
  linkType: string;
  plan: string;
  articles: number;
  /** The line total at the time it was added, money string. */
  total: string;
}

export interface AddCartLineInput {
  payload: CartLineCreate;
  summary: CartLineSummary;
}

export const cartLineOutbox = defineOutboxKind<AddCartLineInput, CartItem[]>({
  name: 'cart.add-line',
  send: ({ payload }, idempotencyKey) => createCartLine(payload, idempotencyKey),
  // Adding a line changes nothing the buyer could conflict with.
  refusal: RETRY_WHILE_IN_FLIGHT,
});

/** A line kept on this device, with what was chosen at the top for listing it. */
export type CartLineDraft = Omit<OutboxEntry<AddCartLineInput>, 'variables'> & AddCartLineInput;

/** Waiting and refused lines, oldest first. */
/** `db`: given by a live read. */
export async function listCartLineDrafts(db?: BuyerPortalDatabase): Promise<CartLineDraft[]> {
  return (await listOutbox(cartLineOutbox, db)).map(({ variables, ...entry }) => ({
    ...entry,
    ...variables,
  }));
}

export type AddCartLineResult = { status: 'added'; items: CartItem[] } | { status: 'queued' };

export async function addCartLine(input: AddCartLineInput): Promise<AddCartLineResult> {
  const keep: AddCartLineInput = { payload: input.payload, summary: input.summary };
  const delivery = await sendOrKeep(cartLineOutbox, {
    idempotencyKey: crypto.randomUUID(),
    keep,
  });
  return delivery.status === 'sent' ? { status: 'added', items: delivery.answer } : delivery;
}

export const cartLineSync: OutboxSync<AddCartLineInput, CartItem[]> = {
  kind: cartLineOutbox,
  afterRound: async (round, queryClient) => {
    if (round.sent === 0) return;
    bumpCartRevision();
    await queryClient.invalidateQueries({ queryKey: cartQueries.all() });
  },
  sent: {
    title: 'Cart synced',
    description: 'The articles added offline are in your cart now.',
  },
  refused: {
    title: 'Some articles were not added',
    description: 'See the cart for the reason.',
  },
};
