import { LINK_HEALTH_TITLES, type LinkHealthStatus } from '#contract/link-monitoring.ts';

import { Badge, type BadgeVariant } from './badge.tsx';

const TONES: Record<LinkHealthStatus, BadgeVariant> = {
  healthy: 'success',
  failing: 'warning',
  issue: 'destructive',
  pending: 'secondary',
};

/** A live link's health in words; the orders' items and the link monitoring screen share it. */
export function LinkHealthBadge({
  status,
  className,
}: {
  status: LinkHealthStatus;
  className?: string;
}) {
  return (
    <Badge variant={TONES[status]} className={className}>
      {LINK_HEALTH_TITLES[status]}
    </Badge>
  );
}
