// What each permission of the one table (contract/permissions.ts, decision 203) opens, in the
// words the Members page shows. Apart from the table, so that the app's first load, which reads
// the roles, does not carry these sentences.
import type { Permission } from './permissions.ts';

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  account: 'Their own profile, sign-in, sessions and saved views',
  'catalogue.use':
    'The catalogue, favourites and blacklist, domains and their imports, content guidelines, exports of sites, strategy requests',
  'cart.use': 'Their own cart',
  'orders.place': 'Placing an order for the company (a Buyer within their monthly limit)',
  'orders.read': "The company's orders and their items",
  'items.act':
    'Topics, content, feedback, edits and cancelling of order items (a Buyer: of the orders they placed)',
  'links.read': 'Live links and link monitoring',
  'links.act': 'Checking a live link now and asking for a remedy',
  'company.read': "The company's details",
  'company.edit': "Changing the company's details",
  'billing.read': 'Invoices, credit notes, credits and the pay-by-bill limit',
  'members.manage':
    'Members, their roles and limits, invitations (only an Owner removes or demotes an Owner)',
  'purchases.approve': 'Approving or declining purchase requests',
  'audit.read': "The company's record of who did what",
};
