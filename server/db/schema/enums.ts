import { pgEnum } from 'drizzle-orm/pg-core';

import { MEMBER_ROLES } from '#contract/permissions.ts';
import { SAVED_VIEW_KINDS } from '#contract/saved-views.ts';

export const companyStatus = pgEnum('company_status', ['pending', 'approved', 'declined']);

/** A member's role in a company account (contract/permissions.ts). */
export const memberRole = pgEnum('member_role', MEMBER_ROLES);

export const importStatus = pgEnum('import_status', ['pending', 'success', 'failed']);

/** What an uploaded list fills: a buyer domain's referring domains or a competitor group. */
export const importKind = pgEnum('import_kind', ['referents', 'competitors']);

/** Where a free strategy request stands, as the buyer sees it. */
export const strategyRequestStatus = pgEnum('strategy_request_status', [
  'received',
  'in_progress',
  'sent',
]);

export const sponsorTagType = pgEnum('sponsor_tag_type', [
  'rel_sponsored',
  'image_tag',
  'no_tag',
  'marked_by_wm',
]);

export const linkType = pgEnum('link_type', ['do_follow', 'no_follow']);

/** What a one-time token mailed to a user is good for. */
export const userTokenPurpose = pgEnum('user_token_purpose', [
  'registration_confirmation',
  'password_reset',
]);

/** Login failures are counted per account (the e-mail tried) and per client address. */
export const loginFailureScope = pgEnum('login_failure_scope', ['account', 'address']);

export const savedViewKind = pgEnum('saved_view_kind', SAVED_VIEW_KINDS);

export const jobStatus = pgEnum('job_status', ['pending', 'processing', 'completed', 'failed']);

export const exportTaskStatus = pgEnum('export_task_status', [
  'pending',
  'processing',
  'completed',
  'failed',
]);
