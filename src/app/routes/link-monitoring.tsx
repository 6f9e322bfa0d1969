import { LinkMonitoringSection } from '#src/features/link-monitoring/components/link-monitoring-section.tsx';

export function Component() {
  return <LinkMonitoringSection />;
}
