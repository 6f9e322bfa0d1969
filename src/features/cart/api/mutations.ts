import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';

import type { CartItem, CartItemList, CartItemUpdate, CartLineCreate } from '#contract/cart.ts';
import { toast } from '#src/lib/toast-store.ts';

import { bumpCartRevision } from '../cart-revision.ts';
import { addCartLine, type AddCartLineInput } from './cart-lines.ts';
import { cartQueries } from './queries.ts';
import { createCartLine, emptyCart, removeCartItems, updateCartItem } from './requests.ts';

export const cartMutationKeys = {
  addLine: ['cart', 'add-line'] as const,
  update: ['cart', 'update-item'] as const,
  clone: ['cart', 'clone-item'] as const,
  remove: ['cart', 'remove-items'] as const,
  empty: ['cart', 'empty'] as const,
};

function cartChanged(queryClient: QueryClient) {
  bumpCartRevision();
  return queryClient.invalidateQueries({ queryKey: cartQueries.all() });
}

/** Adds a line from the cart panel; offline it is kept on this device (see cart-lines.ts). */
export function useAddCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKeys.addLine,
    mutationFn: (input: AddCartLineInput) => addCartLine(input),
    // Offline is handled by the function itself: it keeps the line instead of waiting.
    networkMode: 'always',
    meta: { errorToast: false },
    onSuccess: (result) => {
      if (result.status === 'added') return cartChanged(queryClient);
    },
  });
}

function replaceItem(queryClient: QueryClient, item: CartItem) {
  queryClient.setQueriesData<CartItemList>({ queryKey: cartQueries.itemPages() }, (list) =>
    list
      ? { ...list, data: list.data.map((entry) => (entry.id === item.id ? item : entry)) }
      : list,
  );
}

/** Saves the fields of one row; the row shows its own errors. */
export function useUpdateCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKeys.update,
    mutationFn: ({ id, patch }: { id: string; patch: CartItemUpdate }) => updateCartItem(id, patch),
    meta: { errorToast: false },
    onSuccess: (item) => {
      bumpCartRevision();
      replaceItem(queryClient, item);
      return queryClient.invalidateQueries({
        queryKey: cartQueries.all(),
        predicate: (query) => query.queryKey[2] !== 'items',
      });
    },
  });
}

/** A copy of a row as one new article with the same choices; it is listed first. */
/** The line that recreates an item: the same article, one of it (clone and undo both use it). */
function lineOf(item: CartItem): CartLineCreate {
  return {
    link_type: item.link_type.id,
    buyer_domain: item.buyer_domain.id,
    site: item.site.id,
    articles_number: 1,
    article_topic: item.article_topic,
    is_topic_needs_approval: item.is_topic_needs_approval,
    content_product_plan: item.content_product_plan?.id ?? null,
    word_count: item.word_count,
    target_url: item.target_url,
    anchor_text: item.anchor_text,
    custom_id: item.custom_id,
    comments: item.comments,
    topic: item.topic,
    publishing_due_date: item.publishing_due_date,
  };
}

export function useCloneCartItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKeys.clone,
    mutationFn: async (item: CartItem) => {
      const [copy] = await createCartLine(lineOf(item), crypto.randomUUID());
      return copy;
    },
    meta: { successMessage: 'Item successfully cloned' },
    onSettled: () => cartChanged(queryClient),
  });
}

/** Deletes cart lines; the toast's Undo puts each back as it was (a new line, same content). */
export function useRemoveCartItems() {
  const queryClient = useQueryClient();
  const restore = useMutation({
    mutationKey: cartMutationKeys.clone,
    mutationFn: async (items: CartItem[]) => {
      for (const item of items) await createCartLine(lineOf(item), crypto.randomUUID());
    },
    onSuccess: () => toast({ title: 'Success', description: 'Item restored', variant: 'success' }),
    onSettled: () => cartChanged(queryClient),
  });
  const { mutate: restoreItems } = restore;
  return useMutation({
    mutationKey: cartMutationKeys.remove,
    mutationFn: (items: CartItem[]) => removeCartItems(items.map((item) => item.id)),
    onSuccess: (_data, items) =>
      toast({
        title: 'Success',
        description: 'Item successfully deleted',
        variant: 'success',
        action: { label: 'Undo', onClick: () => restoreItems(items) },
      }),
    onSettled: () => cartChanged(queryClient),
  });
}

export function useEmptyCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: cartMutationKeys.empty,
    mutationFn: () => emptyCart(),
    meta: { successMessage: 'Your cart is empty now.' },
    onSettled: () => cartChanged(queryClient),
  });
}

/** Resolves once no row save is in flight, so a check of the cart sees what was typed. */
export function settleCartSaves(queryClient: QueryClient): Promise<void> {
  const cache = queryClient.getMutationCache();
  const busy = () =>
    queryClient.isMutating({ mutationKey: cartMutationKeys.update }) > 0 ||
    queryClient.isMutating({ mutationKey: cartMutationKeys.clone }) > 0;
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = cache.subscribe(() => {
      if (busy()) return;
      unsubscribe();
      resolve();
    });
  });
}
