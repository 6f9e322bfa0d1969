// Every endpoint declared in the contract (decision 183), for the server's check that each one has
// a handler. The app imports a feature's endpoints from its own contract file, never this list,
// so a screen's code carries only the schemas it uses.
import { auditEndpoints } from './audit.ts';
import { authEndpoints } from './auth.ts';
import { avatarEndpoints } from './avatars.ts';
import { cartEndpoints } from './cart.ts';
import { catalogueEndpoints } from './catalogue.ts';
import { checkoutEndpoints } from './checkout.ts';
import { companyEndpoints } from './companies.ts';
import { contentGuidelinesEndpoints } from './content-guidelines.ts';
import { conversationEndpoints } from './conversations.ts';
import { demoEndpoints } from './demo.ts';
import { domainEndpoints } from './domains.ts';
import type { Endpoint } from './endpoint.ts';
import { exportEndpoints } from './exports.ts';
import { favoriteEndpoints } from './favorites.ts';
import { fileEndpoints } from './files.ts';
import { healthEndpoints } from './health.ts';
import { importEndpoints } from './imports.ts';
import { linkMonitoringEndpoints } from './link-monitoring.ts';
import { invitationEndpoints, memberEndpoints } from './members.ts';
import { notificationEndpoints } from './notifications.ts';
import { orderEndpoints, orderItemEndpoints } from './order-items.ts';
import { profileEndpoints } from './profile.ts';
import { accountSettingsEndpoints } from './profile-settings.ts';
import { publicAuthEndpoints } from './public-auth.ts';
import { purchaseRequestEndpoints } from './purchase-requests.ts';
import { referenceDataEndpoints } from './reference-data.ts';
import { savedViewEndpoints } from './saved-views.ts';
import { sessionEndpoints } from './sessions.ts';
import { siteDetailEndpoints } from './site-detail.ts';
import { strategyRequestEndpoints } from './strategy-requests.ts';

export const declaredEndpoints: readonly Endpoint[] = [
  ...Object.values(savedViewEndpoints),
  ...Object.values(healthEndpoints),
  ...Object.values(profileEndpoints),
  ...Object.values(accountSettingsEndpoints),
  ...Object.values(notificationEndpoints),
  ...Object.values(companyEndpoints),
  ...Object.values(contentGuidelinesEndpoints),
  ...Object.values(orderEndpoints),
  ...Object.values(orderItemEndpoints),
  ...Object.values(conversationEndpoints),
  ...Object.values(linkMonitoringEndpoints),
  ...Object.values(demoEndpoints),
  ...Object.values(cartEndpoints),
  ...Object.values(checkoutEndpoints),
  ...Object.values(purchaseRequestEndpoints),
  ...Object.values(catalogueEndpoints),
  ...Object.values(siteDetailEndpoints),
  ...Object.values(favoriteEndpoints.marks.favorites),
  ...Object.values(favoriteEndpoints.marks.blacklists),
  ...[favoriteEndpoints.items, favoriteEndpoints.replaceItems],
  ...Object.values(referenceDataEndpoints),
  ...Object.values(authEndpoints),
  ...Object.values(publicAuthEndpoints),
  ...Object.values(sessionEndpoints),
  ...Object.values(domainEndpoints),
  ...Object.values(importEndpoints),
  ...Object.values(exportEndpoints),
  ...Object.values(fileEndpoints),
  ...Object.values(avatarEndpoints),
  ...Object.values(strategyRequestEndpoints),
  ...Object.values(memberEndpoints),
  ...Object.values(invitationEndpoints),
  ...Object.values(auditEndpoints),
];
