import { Description, Field, Label, Switch } from '@headlessui/react';

import { MEMBER_ROLE_LABELS, type Permission, roleCan } from '#contract/permissions.ts';
import type { NotificationPreferences } from '#contract/profile.ts';
import { Card, CardHeader } from '#src/components/card.tsx';
import { useOnlineStatus } from '#src/hooks/use-online-status.ts';

import {
  sayPreferencesNeedConnection,
  useSaveNotificationPreference,
} from '../api/avatar-mutations.ts';
import { useMemberRole } from '../api/queries.ts';

/**
 * The preferences of spec §3 in the order of an order's life, then the live link's, then whose
 * orders they cover and the company's billing documents (decision 208); each with what a role must
 * hold in a company to get those mails there.
 */
export const PREFERENCE_TEXTS: readonly {
  key: keyof NotificationPreferences;
  label: string;
  description: string;
  permission: Permission;
}[] = [
  {
    key: 'order_summary',
    label: 'Order summary',
    description: 'A summary of every order you place.',
    permission: 'orders.read',
  },
  {
    key: 'missing_details_reminder',
    label: 'Missing details reminder',
    description:
      'A daily reminder while order items have waited more than two days for your topic, article or approval.',
    permission: 'items.act',
  },
  {
    key: 'topic_ready_for_approval',
    label: 'Topic ready for approval',
    description: 'When a publisher proposes a topic for you to approve.',
    permission: 'items.act',
  },
  {
    key: 'content_ready_for_approval',
    label: 'Content ready for approval',
    description: 'When an article is ready for you to approve.',
    permission: 'items.act',
  },
  {
    key: 'link_published',
    label: 'Link published',
    description: 'When a link goes live.',
    permission: 'orders.read',
  },
  {
    key: 'link_issues',
    label: 'A live link needs attention',
    description:
      'When a live link keeps failing its checks (removed, nofollow, another anchor) and an issue opens.',
    permission: 'links.read',
  },
  {
    key: 'publisher_messages',
    label: 'Messages from publishers',
    description:
      'When a publisher writes about an item of an order you follow: at most one mail per item every 15 minutes, with the messages since. Off by default for Viewers.',
    permission: 'orders.read',
  },
  {
    key: 'company_orders',
    label: 'All of the company’s orders',
    description:
      'The summary, approval, link published, link issue and message mails above for orders other members place too. Off: only orders you placed.',
    permission: 'orders.read',
  },
  {
    key: 'billing_documents',
    label: 'Invoices and credit notes',
    description: 'When an invoice or a credit note of the company is issued.',
    permission: 'billing.read',
  },
];

/** A preference the server has not stored yet reads as the server treats it. */
function isOn(preferences: NotificationPreferences, key: keyof NotificationPreferences): boolean {
  return preferences[key] ?? key !== 'company_orders';
}

/**
 * E-mail notification switches, each saved as soon as it is flipped; a mail the member's role in
 * the current company does not get there says so. A change needs the
 * connection (decision 176): the profile page turns the card off offline and says why; a switch
 * flipped offline anyway stays as it was, with a toast saying why.
 */
export function NotificationPreferencesCard({
  preferences,
}: {
  preferences: NotificationPreferences;
}) {
  const save = useSaveNotificationPreference();
  const isOnline = useOnlineStatus();
  const { role } = useMemberRole();
  return (
    <Card>
      <CardHeader
        title="E-mail notifications"
        description="Changes are saved as soon as you make them."
      />
      <ul className="divide-y divide-slate-100">
        {PREFERENCE_TEXTS.map(({ key, label, description, permission }) => (
          <li key={key}>
            <Field className="flex items-start justify-between gap-4 px-5 py-4">
              <span className="min-w-0">
                <Label className="text-sm font-medium text-slate-900">{label}</Label>
                <Description className="mt-0.5 text-sm text-slate-500">
                  {description}
                  {role && !roleCan(role, permission)
                    ? ` Not sent to you in your current company, where you are ${MEMBER_ROLE_LABELS[role]}.`
                    : null}
                </Description>
              </span>
              <Switch
                checked={isOn(preferences, key)}
                onChange={(checked) =>
                  isOnline
                    ? save.mutate({ ...preferences, [key]: checked })
                    : sayPreferencesNeedConnection()
                }
                className="group relative mt-0.5 inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full bg-slate-300 transition-colors duration-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 data-checked:bg-indigo-600"
              >
                <span
                  aria-hidden="true"
                  className="pointer-events-none mt-0.5 ml-0.5 inline-block size-5 rounded-full bg-white shadow ring-0 transition duration-200 group-data-checked:translate-x-5"
                />
              </Switch>
            </Field>
          </li>
        ))}
      </ul>
    </Card>
  );
}
