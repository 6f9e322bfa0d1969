import { Button } from '#src/components/button.tsx';
import { LogOutIcon } from '#src/components/icons.tsx';

import { useLogOut } from '../session-context.tsx';

export const NO_ACCESS_TEXT = "You don't have access";

/** Shown to a signed-in user whose roles do not include the buyer role (spec §6). */
export function NoAccess({ username }: { username?: string }) {
  const logOut = useLogOut();
  return (
    <div className="mx-auto max-w-md text-center">
      <p className="text-sm font-semibold tracking-wide text-indigo-600">403</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight text-slate-900">
        {NO_ACCESS_TEXT}
      </h1>
      <p className="mt-3 text-sm text-slate-600">
        {username ? `${username} is signed in, but this` : 'This'} portal is for buyer accounts
        only. Log out and sign in with a buyer account.
      </p>
      <Button className="mt-8" onClick={logOut}>
        <LogOutIcon className="size-4" />
        Log out
      </Button>
    </div>
  );
}
