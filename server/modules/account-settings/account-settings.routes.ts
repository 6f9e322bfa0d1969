// Routes of the buyer's account settings (decision 070): profile details and the e-mail change
// under the buyer area, the mailed link's confirmation in the public area (it may be opened on a
// device that is not signed in), and the password change under the common profile area (spec §7).
import type { FastifyInstance, FastifyRequest } from 'fastify';

import {
  accountSettingsEndpoints as endpoints,
  PasswordChangeSchema,
} from '#contract/profile-settings.ts';
import { route } from '#server/http/endpoint-route.ts';
import { parseOrThrow } from '#server/http/validation.ts';
import { optionalPrincipal, principalOf } from '#server/plugins/auth.ts';

import type { AccessTokens } from '../auth/auth.service.ts';
import { formParts } from '../files/files.service.ts';
import type { ProfileService } from '../profile/profile.service.ts';
import type { AccountSettingsService, Caller } from './account-settings.service.ts';

function callerOf(request: FastifyRequest): Caller {
  const principal = principalOf(request);
  return { userId: principal.userId, familyId: principal.familyId ?? null, address: request.ip };
}

export async function accountSettingsRoutes(
  app: FastifyInstance,
  { settings, profile }: { settings: AccountSettingsService; profile: ProfileService },
): Promise<void> {
  route(app, endpoints.updateDetails, async (request) => {
    const { userId } = principalOf(request);
    await settings.updateDetails(userId, request.body);
    return profile.getProfile(userId);
  });
  route(app, endpoints.requestEmailChange, (request) =>
    settings.requestEmailChange(callerOf(request), request.body),
  );
}

export async function emailChangeConfirmationRoutes(
  app: FastifyInstance,
  { settings, tokens }: { settings: AccountSettingsService; tokens: AccessTokens },
): Promise<void> {
  route(app, endpoints.confirmEmailChange, async (request) =>
    settings.confirmEmailChange(request.params.token, await optionalPrincipal(tokens, request)),
  );
}

export async function passwordChangeRoutes(
  app: FastifyInstance,
  { settings }: { settings: AccountSettingsService },
): Promise<void> {
  route(app, endpoints.changePassword, async (request) => {
    const fields = parseOrThrow(PasswordChangeSchema, await readFields(request));
    await settings.changePassword(callerOf(request), fields);
    return null;
  });
}

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
