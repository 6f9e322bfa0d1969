// Routes of the buyer's account settings (decision 070): profile details and the e-mail change
// under the buyer area, the mailed link's confirmation in the public area (it may be opened on a
// device that is not signed in), and the password change under the common profile area (spec §7).
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BuyerProfileSchema } from '#contract/profile.ts';
import {
  EmailChangeAcceptedSchema,
  EmailChangeConfirmedSchema,
  EmailChangeRequestSchema,
  PasswordChangeSchema,
  ProfileDetailsUpdateSchema,
} from '#contract/profile-settings.ts';
import { errorResponses } from '#server/http/responses.ts';
import { parseOrThrow } from '#server/http/validation.ts';
import { optionalPrincipal, principalOf } from '#server/plugins/auth.ts';
import type { AccessTokens } from '../auth/auth.service.ts';
import { formParts } from '../files/files.service.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import type { AccountSettingsService, Caller } from './account-settings.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['Profile'];
const NoContentSchema = z.null().describe('Done');
const TokenParamsSchema = z.object({ token: z.string().min(1).max(200) });
const RATE_LIMIT_NOTE =
  'A wrong current password counts as a failed sign-in of the account and the client address; ' +
  'past the sign-in limits the call answers 429 with Retry-After.';

function callerOf(request: FastifyRequest): Caller {
  const principal = principalOf(request);
  return { userId: principal.userId, familyId: principal.familyId ?? null, address: request.ip };
}

export const accountSettingsRoutes: FastifyPluginAsyncZod<{
  settings: AccountSettingsService;
  profile: ProfileService;
}> = async (app, { settings, profile }) => {
  app.put(
    '/profiles',
    {
      schema: {
        tags,
        summary: "Change the buyer's own details; answers the profile",
        description:
          'Only these four fields; any other (email, roles, credit limits, export permission, ...) ' +
          'is refused with a violation on it and nothing is changed. An empty phone clears it.',
        security,
        body: ProfileDetailsUpdateSchema,
        response: { 200: BuyerProfileSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { userId } = principalOf(request);
      await settings.updateDetails(userId, request.body);
      return profile.getProfile(userId);
    },
  );

  app.post(
    '/profiles/email-changes',
    {
      schema: {
        tags,
        summary: 'Ask to change the e-mail address; a confirmation link is mailed to the new one',
        description:
          'The address changes only when the link (valid 24 hours, once) is opened; the current ' +
          'address is told. An address that already has an account gets a notice instead, with ' +
          `the same answer. ${RATE_LIMIT_NOTE}`,
        security,
        body: EmailChangeRequestSchema,
        response: { 202: EmailChangeAcceptedSchema, ...errorResponses(400, 401, 403, 429) },
      },
    },
    async (request, reply) => {
      const accepted = await settings.requestEmailChange(callerOf(request), request.body);
      return reply.status(202).send(accepted);
    },
  );
};

export const emailChangeConfirmationRoutes: FastifyPluginAsyncZod<{
  settings: AccountSettingsService;
  tokens: AccessTokens;
}> = async (app, { settings, tokens }) => {
  app.post(
    '/email-changes/confirmations/:token',
    {
      schema: {
        tags,
        summary: 'Confirm an e-mail change with the token mailed to the new address',
        description:
          '404 when the link is unknown, used, replaced by a newer request or expired; 409 when ' +
          'the address got an account of its own meanwhile. Every session of the account ends, ' +
          "but the caller's when it sends the account's own access token.",
        params: TokenParamsSchema,
        response: { 200: EmailChangeConfirmedSchema, ...errorResponses(400, 404, 409) },
      },
    },
    async (request) =>
      settings.confirmEmailChange(request.params.token, await optionalPrincipal(tokens, request)),
  );
};

export const passwordChangeRoutes: FastifyPluginAsyncZod<{
  settings: AccountSettingsService;
}> = async (app, { settings }) => {
  app.put(
    '/profiles/passwords/changes',
    {
      schema: {
        tags,
        summary: 'Change the password (multipart form: current_password, new_password)',
        description:
          'The new password needs 12 characters and must not be common or easy to guess. The ' +
          'session that changes it stays signed in; every other session ends, its next request ' +
          `answered 401, and the buyer is mailed. ${RATE_LIMIT_NOTE}`,
        security,
        consumes: ['multipart/form-data'],
        body: PasswordChangeSchema.nullish(),
        response: { 204: NoContentSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const fields = parseOrThrow(PasswordChangeSchema, await readFields(request));
      await settings.changePassword(callerOf(request), fields);
      return reply.status(204).send(null);
    },
  );
};

/** The text fields of a multipart form; file parts are drained and ignored. */
async function readFields(request: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  for await (const part of formParts(request)) {
    if (part.type === 'file') {
      part.file.resume();
      continue;
    }
    fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value);
  }
  return fields;
}
