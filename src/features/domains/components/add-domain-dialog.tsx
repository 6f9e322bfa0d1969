import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { type BuyerDomain, DOMAIN_TAKEN_MESSAGE } from '#contract/domains.ts';
import { normaliseHostname } from '#contract/hostname.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { toast } from '#src/lib/toast-store.ts';

import { useAddDomain } from '../api/mutations.ts';
import { domainQueries } from '../api/queries.ts';
import { AddDomainFormSchema } from '../form-schemas.ts';

type AddDomainFormValues = z.infer<typeof AddDomainFormSchema>;

const fieldForPath = (path: string): 'hostname' | null => (path === 'hostname' ? path : null);

/** Spec §2 add-domain dialog: the hostname as typed, previewed in the form it will be kept in. */
export function AddDomainDialog({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  /** Called with the domain the server kept; not called for an add waiting offline. */
  onAdded?: (domain: BuyerDomain) => void;
}) {
  const mutation = useAddDomain();
  // The buyer's domains, as far as this device knows them: a repeat is refused before sending.
  const known = useQuery({ ...domainQueries.selectable(), enabled: open });
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<AddDomainFormValues>({
    resolver: zodResolver(AddDomainFormSchema),
    defaultValues: { hostname: '' },
  });
  const { handleSubmit, setError, reset, control } = form;
  const field = fieldBinder(form);
  const typed = useWatch({ control, name: 'hostname' });
  const preview = typed.trim() ? normaliseHostname(typed) : null;

  const close = () => {
    reset();
    setServerError(null);
    onClose();
  };

  const onSubmit = handleSubmit(async ({ hostname }) => {
    setServerError(null);
    const normalised = normaliseHostname(hostname);
    const value = normalised.ok ? normalised.hostname : hostname;
    if (known.data?.data.some((domain) => domain.hostname === value)) {
      setError('hostname', { type: 'taken', message: DOMAIN_TAKEN_MESSAGE });
      return;
    }
    const shown = hostnameToUnicode(value);
    try {
      const result = await mutation.mutateAsync(value);
      toast(
        result.status === 'sent'
          ? { title: 'Domain added', description: `${shown} was added.`, variant: 'success' }
          : {
              title: 'Saved on this device',
              description: `${shown} will be added when the connection returns.`,
            },
      );
      if (result.status === 'sent' && result.domain) onAdded?.(result.domain);
      close();
    } catch (error) {
      setServerError(failureOutsideFields(error, setError, fieldForPath));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Add domain"
      description="The domain you build links for. Referring domains and competitors are added to it afterwards."
    >
      <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Add domain">
        {serverError ? <Alert>{serverError}</Alert> : null}
        <TextField
          label="Domain"
          placeholder="example.com"
          autoComplete="off"
          data-autofocus
          inputMode="url"
          description={
            preview?.ok ? (
              <span aria-live="polite">
                Will be added as <strong>{hostnameToUnicode(preview.hostname)}</strong>
              </span>
            ) : undefined
          }
          {...field('hostname')}
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Add domain
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
