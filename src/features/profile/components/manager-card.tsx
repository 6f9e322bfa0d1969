import type { Manager } from '#contract/profile.ts';
import { Card, CardHeader } from '#src/components/card.tsx';
import { fullName } from '#src/utils/format.ts';

import { PersonAvatar } from './person-avatar.tsx';

/** The sales manager or account manager assigned to the buyer. */
export function ManagerCard({ title, manager }: { title: string; manager: Manager | null }) {
  return (
    <Card>
      <CardHeader title={title} />
      <div className="px-5 py-4">
        {manager ? (
          <div className="flex items-center gap-3">
            <PersonAvatar person={manager} />
            <div className="min-w-0">
              <p className="truncate text-sm font-medium text-slate-900">{fullName(manager)}</p>
              <a
                href={`mailto:${manager.email}`}
                className="truncate text-sm text-indigo-600 hover:text-indigo-500 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {manager.email}
              </a>
            </div>
          </div>
        ) : (
          <p className="text-sm text-slate-500">Not assigned yet.</p>
        )}
      </div>
    </Card>
  );
}
