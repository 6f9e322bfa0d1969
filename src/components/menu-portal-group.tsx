import { Portal } from '@headlessui/react';
import type { ReactNode } from 'react';

import { useMenuPortalTarget } from './menu-portal.tsx';

/** Opens the anchored menus inside `children` in the nearest `MenuPortal`'s target. */
export function MenuPortalGroup({ children }: { children: ReactNode }) {
  const target = useMenuPortalTarget();
  if (!target) return children;
  return <Portal.Group target={target}>{children}</Portal.Group>;
}
