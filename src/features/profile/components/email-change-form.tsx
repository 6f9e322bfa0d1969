import { useState } from 'react';
import { useForm } from 'react-hook-form';

import {
  type EmailChangeAccepted,
  type EmailChangeRequest,
  EmailChangeRequestSchema,
} from '#contract/profile-settings.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { formatDateTimeLong } from '#src/utils/format.ts';

import { useRequestEmailChangeMutation } from '../api/settings-mutations.ts';

type EmailField = keyof EmailChangeRequest;

/**
 * Changing the e-mail address: the new address and the current password; the change takes
 * effect only when the link mailed to the new address is opened (decision 071).
 */
export function EmailChangeForm({ email }: { email: string }) {
  const mutation = useRequestEmailChangeMutation();
  const [accepted, setAccepted] = useState<EmailChangeAccepted | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<EmailChangeRequest>({
    resolver: zodResolver(EmailChangeRequestSchema),
    defaultValues: { new_email: '', current_password: '' },
  });
  const { handleSubmit, setError, reset } = form;
  const field = fieldBinder(form);

  const onSubmit = handleSubmit(async (request) => {
    setServerError(null);
    try {
      setAccepted(await mutation.mutateAsync(request));
      reset();
    } catch (error) {
      setServerError(
        failureOutsideFields(error, setError, (path) =>
          path === 'new_email' || path === 'current_password' ? (path as EmailField) : null,
        ),
      );
    }
  });

  return (
    <Card>
      <CardHeader
        title="E-mail address"
        description={
          <>
            You sign in with <span className="font-medium break-all text-slate-700">{email}</span>.
          </>
        }
      />
      {accepted ? (
        <div className="space-y-4 p-5">
          <Alert variant="success" title="Check your inbox">
            We sent a confirmation link to{' '}
            <span className="font-medium break-all">{accepted.new_email}</span>. Your address
            changes when you open it, before {formatDateTimeLong(accepted.expires_at)}. Until then
            you keep signing in with your current address, which we have told about the request.
          </Alert>
          <Button variant="secondary" onClick={() => setAccepted(null)}>
            Use another address
          </Button>
        </div>
      ) : (
        <form
          onSubmit={onSubmit}
          noValidate
          aria-label="Change e-mail address"
          className="space-y-5 p-5"
        >
          {serverError ? <Alert>{serverError}</Alert> : null}
          <div className="grid gap-5 sm:grid-cols-2">
            <TextField
              label="New e-mail address"
              type="email"
              autoComplete="email"
              {...field('new_email')}
            />
            <TextField
              label="Current password"
              type="password"
              autoComplete="current-password"
              {...field('current_password')}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" loading={mutation.isPending}>
              Send confirmation link
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}
