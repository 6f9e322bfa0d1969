/** Route paths of spec §2, by route name. */
export const paths = {
  index: '/',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  passwordsResets: '/passwords-resets',
  registrationsConfirmations: '/registrations-confirmations',
  emailChangesConfirmations: '/email-changes-confirmations',
  checkout: '/checkout',
  orders: '/orders',
  order: (id: string) => `/orders/${encodeURIComponent(id)}`,
  purchaseRequests: '/purchase-requests',
  linkMonitoring: '/link-monitoring',
  /** The list of links with an open issue: `serializeLinkListState({ health: ['issue'] })`. */
  linkMonitoringIssues: '/link-monitoring?filter[health][]=issue',
  companies: '/companies',
  companiesCreate: '/companies/create',
  contentGuidelines: '/content-guidelines',
  domains: '/domains',
  profile: '/profile',
  members: '/members',
  auditLog: '/audit-log',
  /** The page an invitation's mailed link opens. */
  invitation: (token: string) => `/invitations/${encodeURIComponent(token)}`,
  termsAndConditions: '/terms-and-conditions',
} as const;

/** List routes whose filters are remembered so "Go to home" can return to them. */
export const LIST_ROUTE_PATHS: readonly string[] = [
  paths.index,
  paths.orders,
  paths.linkMonitoring,
];

/** The query parameter carrying the page to return to after signing in. */
export const REDIRECT_PARAM = 'redirect';
