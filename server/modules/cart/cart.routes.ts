import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CartItemIdsBodySchema,
  CartItemListQuerySchema,
  CartItemListSchema,
  CartItemSchema,
  CartItemUpdateSchema,
  CartLineCreateSchema,
  CartSitesSchema,
} from '#contract/cart.ts';
import { principalOf } from '#server/plugins/auth.ts';
import {
  IdempotencyHeadersSchema,
  transactionOf,
  type IdempotencyOptions,
} from '#server/http/idempotency.ts';
import { errorResponses } from '#server/http/responses.ts';
import { NoQuerySchema } from '#contract/pagination.ts';
import type { CartService } from './cart.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['Shopping cart'];
const NoContentSchema = z.null().describe('Done');

/** Kept from before decision 044, so that keys stored then still match. */
const addLine = {
  idempotency: {
    status: 201,
    store: 'atomic',
    scope: 'POST /shopping-carts/items',
  } satisfies IdempotencyOptions,
};

export const cartRoutes: FastifyPluginAsyncZod<{ cart: CartService }> = async (app, { cart }) => {
  app.get(
    '/shopping-carts/items',
    {
      schema: {
        tags,
        summary: 'The items of the cart, newest first',
        security,
        querystring: CartItemListQuerySchema,
        response: { 200: CartItemListSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => cart.list(principalOf(request).userId, request.query),
  );

  app.get(
    '/shopping-carts/sites',
    {
      schema: {
        tags,
        summary: 'The sites in the cart with how many items each has',
        security,
        querystring: NoQuerySchema,
        response: { 200: CartSitesSchema, ...errorResponses(400, 401, 403) },
      },
    },
    (request) => cart.sites(principalOf(request).userId),
  );

  app.post(
    '/shopping-carts/items',
    {
      config: addLine,
      schema: {
        tags,
        summary: 'Adds a line to the cart: one item per article',
        description:
          'Prices come from the site and the plan, never from the request. A repeat with the same Idempotency-Key answers the first answer and adds nothing.',
        security,
        headers: IdempotencyHeadersSchema,
        body: CartLineCreateSchema,
        response: {
          201: z.object({ data: z.array(CartItemSchema) }),
          ...errorResponses(400, 401, 403, 409, 422),
        },
      },
    },
    (request) => cart.add(transactionOf(request), principalOf(request).userId, request.body),
  );

  app.put(
    '/shopping-carts/items/removals',
    {
      schema: {
        tags,
        summary: 'Removes items from the cart; unknown ids are ignored',
        security,
        body: CartItemIdsBodySchema,
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      await cart.remove(principalOf(request).userId, request.body.ids);
      return reply.status(204).send(null);
    },
  );

  app.put(
    '/shopping-carts/items/:id',
    {
      schema: {
        tags,
        summary: 'Changes an item of the cart (the checkout form)',
        security,
        params: z.object({ id: z.uuid() }),
        body: CartItemUpdateSchema,
        response: { 200: CartItemSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => cart.update(principalOf(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/shopping-carts',
    {
      schema: {
        tags,
        summary: 'Empties the cart',
        security,
        response: { 204: NoContentSchema, ...errorResponses(401, 403) },
      },
    },
    async (request, reply) => {
      await cart.empty(principalOf(request).userId);
      return reply.status(204).send(null);
    },
  );
};
