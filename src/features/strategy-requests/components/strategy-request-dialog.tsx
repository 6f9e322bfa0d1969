import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { normaliseHostname } from '#contract/hostname.ts';
import { hostnameToUnicode } from '#contract/idna.ts';
import {
  STRATEGY_DESCRIPTION_MAX,
  STRATEGY_REQUEST_STATUS_LABELS,
  STRATEGY_REQUESTS_PER_DAY,
  type StrategyRequestStatus,
} from '#contract/strategy-requests.ts';
import { Alert } from '#src/components/alert.tsx';
import { Badge, type BadgeVariant } from '#src/components/badge.tsx';
import { Button } from '#src/components/button.tsx';
import { Dialog } from '#src/components/dialog.tsx';
import { FormFooter } from '#src/components/form-footer.tsx';
import { TextAreaField, TextField } from '#src/components/text-field.tsx';
import { isApiError } from '#src/lib/api-client.ts';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { formatDate } from '#src/utils/format.ts';

import { useCreateStrategyRequest } from '../api/mutations.ts';
import { strategyRequestQueries } from '../api/queries.ts';
import { StrategyFormSchema } from '../form-schemas.ts';

type StrategyFormValues = z.input<typeof StrategyFormSchema>;

const FIELDS = new Set(['domain', 'description']);
const fieldForPath = (path: string) =>
  FIELDS.has(path) ? (path as keyof StrategyFormValues) : null;

export const STRATEGY_RECEIVED_MESSAGE =
  'We received your request. Our team prepares your strategy and sends it to you by email.';
export const STRATEGY_LIMIT_MESSAGE = `You can send ${STRATEGY_REQUESTS_PER_DAY} requests a day and have reached that limit. Please try again tomorrow.`;

const STATUS_VARIANTS: Record<StrategyRequestStatus, BadgeVariant> = {
  received: 'secondary',
  in_progress: 'default',
  sent: 'success',
};

function RequestList() {
  const query = useQuery(strategyRequestQueries.list());
  const requests = query.data?.data ?? [];
  if (query.isError && !query.data) {
    return <p className="text-sm text-slate-600">Your requests could not be loaded.</p>;
  }
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="strategy-requests-heading" className="mt-5">
      <h3 id="strategy-requests-heading" className="text-sm font-semibold text-slate-900">
        Your requests
      </h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {requests.map((request) => (
          <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
            <span className="min-w-0 break-all text-slate-800">
              {hostnameToUnicode(request.domain)}{' '}
              <span className="text-slate-500">· {formatDate(request.created_at)}</span>
            </span>
            <Badge variant={STATUS_VARIANTS[request.status]}>
              {STRATEGY_REQUEST_STATUS_LABELS[request.status]}
            </Badge>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Spec §2 strategy-request dialog: a domain and what the buyer wants, then the requests sent. */
export function StrategyRequestDialog({
  open,
  onClose,
  defaultDomain,
}: {
  open: boolean;
  onClose: () => void;
  /** The hostname of the domain chosen on the dashboard, if any. */
  defaultDomain: string;
}) {
  const mutation = useCreateStrategyRequest();
  const [serverError, setServerError] = useState<string | null>(null);
  const [isSent, setSent] = useState(false);
  const form = useForm<StrategyFormValues>({
    resolver: zodResolver(StrategyFormSchema),
    values: { domain: defaultDomain, description: '' },
    resetOptions: { keepDirtyValues: true },
  });
  const field = fieldBinder(form);
  const description = form.register('description');
  const descriptionError = form.formState.errors.description?.message;
  const descriptionText = useWatch({ control: form.control, name: 'description' }) ?? '';

  const close = () => {
    form.reset();
    setServerError(null);
    setSent(false);
    onClose();
  };

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    const normalised = normaliseHostname(values.domain);
    try {
      await mutation.mutateAsync({
        domain: normalised.ok ? normalised.hostname : values.domain,
        description: values.description.trim(),
      });
      setSent(true);
    } catch (error) {
      if (isApiError(error, 429)) {
        setServerError(STRATEGY_LIMIT_MESSAGE);
        return;
      }
      setServerError(failureOutsideFields(error, form.setError, fieldForPath));
    }
  });

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Get a free link-building strategy"
      description="Tell us about your domain and goals; our team prepares a plan of sites and budgets for you."
    >
      {isSent ? (
        <div className="space-y-4">
          <Alert variant="success" title="Request sent">
            {STRATEGY_RECEIVED_MESSAGE}
          </Alert>
          <div className="flex justify-end">
            <Button onClick={close}>Done</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Strategy request">
          {serverError ? <Alert>{serverError}</Alert> : null}
          <TextField
            label="Domain"
            placeholder="example.com"
            data-autofocus
            inputMode="url"
            autoComplete="off"
            {...field('domain')}
          />
          <TextAreaField
            label="What do you want to achieve?"
            rows={5}
            counter={{ count: descriptionText.length, max: STRATEGY_DESCRIPTION_MAX }}
            description="Your market, target pages, budget or anything else that helps us."
            error={descriptionError}
            {...description}
          />
          <FormFooter
            submitLabel="Send request"
            pending={mutation.isPending}
            offlineNote="You are offline: sending the request needs a connection."
            onCancel={close}
          />
        </form>
      )}
      <RequestList />
    </Dialog>
  );
}
