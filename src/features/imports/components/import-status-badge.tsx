import type { ImportStatus } from '#contract/domains.ts';
import { Badge } from '#src/components/badge.tsx';

/** An import's state; a success that skipped rows shows as a warning (the client's fe-warning). */
export function ImportStatusBadge({ status }: { status: ImportStatus | null }) {
  if (!status) return <span className="text-slate-500">No import</span>;
  if (status.status === 'pending') return <Badge variant="secondary">Importing…</Badge>;
  if (status.status === 'failed')
    return <Badge variant="destructive">Not imported, check errors</Badge>;
  if (status.errors.length > 0)
    return <Badge variant="warning">Partially imported, check errors</Badge>;
  return <Badge variant="success">Imported</Badge>;
}
