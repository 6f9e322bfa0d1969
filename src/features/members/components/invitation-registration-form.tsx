import { useState } from 'react';
import { useForm } from 'react-hook-form';

import type { AuthResponse } from '#contract/auth.ts';
import { type InvitationRegistration, InvitationRegistrationSchema } from '#contract/members.ts';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';

import { useRegisterWithInvitation } from '../api/mutations.ts';

const FIELDS = ['first_name', 'last_name', 'password'] as const;
type Field = (typeof FIELDS)[number];
const fieldForPath = (path: string): Field | null =>
  (FIELDS as readonly string[]).includes(path) ? (path as Field) : null;

/** A new buyer's account with the invited address: names and a password, then signed in. */
export function InvitationRegistrationForm({
  token,
  email,
  onRegistered,
}: {
  token: string;
  email: string;
  onRegistered: (tokens: AuthResponse) => Promise<void>;
}) {
  const mutation = useRegisterWithInvitation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<InvitationRegistration>({
    resolver: zodResolver(InvitationRegistrationSchema),
  });
  const field = fieldBinder(form);
  const onSubmit = form.handleSubmit(async (body) => {
    setServerError(null);
    try {
      await onRegistered(await mutation.mutateAsync({ token, ...body }));
    } catch (error) {
      setServerError(failureOutsideFields(error, form.setError, fieldForPath));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Create your account">
      {serverError ? <Alert>{serverError}</Alert> : null}
      <p className="text-sm text-slate-600">
        Your account is created for <strong className="break-all">{email}</strong>.
      </p>
      <TextField label="First name" autoComplete="given-name" {...field('first_name')} />
      <TextField label="Last name" autoComplete="family-name" {...field('last_name')} />
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <Button
        type="submit"
        size="lg"
        className="w-full"
        loading={mutation.isPending || form.formState.isSubmitting}
      >
        Create account and join
      </Button>
    </form>
  );
}
