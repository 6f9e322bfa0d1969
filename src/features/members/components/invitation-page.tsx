import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import type { AuthResponse } from '#contract/auth.ts';
import {
  INVITATION_INVALID_MESSAGE,
  INVITATION_OTHER_EMAIL_MESSAGE,
  type InvitationPreview,
} from '#contract/members.ts';
import { MEMBER_ROLE_LABELS } from '#contract/permissions.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button, buttonClasses } from '#src/components/button.tsx';
import { LoadingState } from '#src/components/state-blocks.tsx';
import { paths } from '#src/config/paths.ts';
import { ApiError } from '#src/lib/api-client.ts';
import { formatDateTime, fullName } from '#src/utils/format.ts';

import { useAcceptInvitation } from '../api/mutations.ts';
import { memberQueries } from '../api/queries.ts';
import { InvitationCard } from './invitation-card.tsx';
import { InvitationRegistrationForm } from './invitation-registration-form.tsx';

/** Who the page is opened by, and what it may do with the session (given by the route). */
export interface InvitationVisitor {
  /** The signed-in buyer's e-mail; null when nobody is signed in. */
  signedInAs: string | null;
  /** The sign-in page, coming back here afterwards. */
  loginPath: string;
  signIn: (tokens: AuthResponse) => Promise<void>;
  signOut: () => void;
  /** Where to go once the company is joined. */
  onJoined: () => void;
}

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function Summary({ preview }: { preview: InvitationPreview }) {
  return (
    <dl className="space-y-1 rounded-lg bg-slate-50 px-4 py-3 text-sm">
      <div className="flex flex-wrap gap-1">
        <dt className="text-slate-500">Role:</dt>
        <dd className="font-medium text-slate-900">{MEMBER_ROLE_LABELS[preview.role]}</dd>
      </div>
      <div className="flex flex-wrap gap-1">
        <dt className="text-slate-500">Invited by:</dt>
        <dd className="text-slate-900">
          {preview.invited_by ? fullName(preview.invited_by) : 'A former member'}
        </dd>
      </div>
      <div className="flex flex-wrap gap-1">
        <dt className="text-slate-500">Valid until:</dt>
        <dd className="text-slate-900">{formatDateTime(preview.expires_at)}</dd>
      </div>
    </dl>
  );
}

function AcceptInvitation({ token, visitor }: { token: string; visitor: InvitationVisitor }) {
  const accept = useAcceptInvitation();
  return (
    <>
      {accept.isError ? <Alert>{accept.error.message}</Alert> : null}
      <Button
        size="lg"
        className="w-full"
        loading={accept.isPending}
        onClick={() => accept.mutate(token, { onSuccess: visitor.onJoined })}
      >
        Accept and join
      </Button>
    </>
  );
}

/** What to do with the invitation, by who opened the link. */
function InvitationActions({
  token,
  preview,
  visitor,
}: {
  token: string;
  preview: InvitationPreview;
  visitor: InvitationVisitor;
}) {
  if (visitor.signedInAs !== null) {
    if (sameAddress(visitor.signedInAs, preview.email)) {
      return <AcceptInvitation token={token} visitor={visitor} />;
    }
    return (
      <>
        <Alert variant="info">
          {INVITATION_OTHER_EMAIL_MESSAGE} You are signed in as {visitor.signedInAs}.
        </Alert>
        <Button size="lg" variant="secondary" className="w-full" onClick={visitor.signOut}>
          Sign out
        </Button>
      </>
    );
  }
  if (preview.has_account) {
    return (
      <>
        <p className="text-sm text-slate-600">
          Sign in as <strong className="break-all">{preview.email}</strong> to accept.
        </p>
        <Link to={visitor.loginPath} className={buttonClasses('primary', 'lg', 'w-full')}>
          Sign in to accept
        </Link>
      </>
    );
  }
  return (
    <InvitationRegistrationForm
      token={token}
      email={preview.email}
      onRegistered={async (tokens) => {
        await visitor.signIn(tokens);
        visitor.onJoined();
      }}
    />
  );
}

/**
 * The page an invitation's link opens: the company, role, inviter and expiry; then accept (signed
 * in as the invited address), sign out (signed in as another), sign in or register.
 */
export function InvitationPage({ token, visitor }: { token: string; visitor: InvitationVisitor }) {
  const preview = useQuery(memberQueries.invitationPreview(token));
  if (preview.isPending) {
    return (
      <InvitationCard title="Invitation">
        <LoadingState label="Reading the invitation…" />
      </InvitationCard>
    );
  }
  if (preview.isError) {
    const isInvalid = preview.error instanceof ApiError && preview.error.status === 404;
    return (
      <InvitationCard title={isInvalid ? 'Invitation not valid' : 'Invitation'}>
        <Alert>{isInvalid ? INVITATION_INVALID_MESSAGE : preview.error.message}</Alert>
        {isInvalid ? null : (
          <Button variant="secondary" className="w-full" onClick={() => void preview.refetch()}>
            Try again
          </Button>
        )}
        <Link to={paths.login} className={buttonClasses('primary', 'lg', 'w-full')}>
          Go to sign-in
        </Link>
      </InvitationCard>
    );
  }
  return (
    <InvitationCard
      title={`Join ${preview.data.company.title}`}
      subtitle={`You are invited to the company account as ${MEMBER_ROLE_LABELS[preview.data.role]}.`}
    >
      <Summary preview={preview.data} />
      <InvitationActions token={token} preview={preview.data} visitor={visitor} />
    </InvitationCard>
  );
}
