import { lazy, type ReactNode, useId, useState } from 'react';

import type { BuyerDomain } from '#contract/domains.ts';
import { Button } from '#src/components/button.tsx';
import { OpenedLazily } from '#src/components/opened-lazily.tsx';

import type { RenderImport, RenderUploadDialog } from './import-slots.ts';

// Dialogs load when first opened (decision 110).
const AddDomainDialog = lazy(() =>
  import('./add-domain-dialog.tsx').then((module) => ({ default: module.AddDomainDialog })),
);
const CompetitorsDialog = lazy(() =>
  import('./competitors-dialog.tsx').then((module) => ({ default: module.CompetitorsDialog })),
);

export const NO_DOMAIN_HINT = 'Choose a domain above to add its competitors and referring domains.';

/**
 * The dashboard's domain entries (spec §2): add a domain, and for the chosen one its competitors'
 * backlinks and its referring domains. `children` adds further entries for the chosen domain.
 */
export function DomainEntries({
  domain,
  renderImport,
  renderUploadDialog,
  onAdded,
  children,
}: {
  domain: { id: string; hostname: string } | null;
  renderImport: RenderImport;
  renderUploadDialog: RenderUploadDialog;
  /** A domain added here, once the server kept it: the dashboard chooses it. */
  onAdded?: (domain: BuyerDomain) => void;
  children?: ReactNode;
}) {
  const hintId = useId();
  const [open, setOpen] = useState<'add' | 'competitors' | 'referents' | null>(null);
  const close = () => setOpen(null);
  const needsDomain = {
    disabled: !domain,
    'aria-describedby': domain ? undefined : hintId,
  };

  return (
    <div>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => setOpen('add')}>
          Add domain
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setOpen('competitors')}
          {...needsDomain}
        >
          Competitors&apos; backlinks
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen('referents')} {...needsDomain}>
          Referring domains
        </Button>
        {children}
      </div>
      {domain ? null : (
        <p id={hintId} className="mt-2 text-xs text-slate-600">
          {NO_DOMAIN_HINT}
        </p>
      )}
      <OpenedLazily open={open === 'add'}>
        {(isOpen) => <AddDomainDialog open={isOpen} onClose={close} onAdded={onAdded} />}
      </OpenedLazily>
      <OpenedLazily open={open === 'competitors' && domain !== null}>
        {(isOpen) => (
          <CompetitorsDialog
            domain={domain}
            open={isOpen}
            onClose={close}
            renderImport={renderImport}
            renderUploadDialog={renderUploadDialog}
          />
        )}
      </OpenedLazily>
      {domain
        ? renderUploadDialog({
            target: { kind: 'referents', domainId: domain.id, hostname: domain.hostname },
            open: open === 'referents',
            onClose: close,
          })
        : null}
    </div>
  );
}
