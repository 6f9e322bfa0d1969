import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';

import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { Card, CardHeader } from '#src/components/card.tsx';
import { TextField } from '#src/components/text-field.tsx';
import { failureOutsideFields, fieldBinder } from '#src/lib/form-errors.ts';
import { zodResolver } from '#src/lib/schema-resolver.ts';
import { toast } from '#src/lib/toast-store.ts';

import { useChangePasswordMutation } from '../api/settings-mutations.ts';
import { PasswordFormSchema } from '../form-schemas.ts';
import { usePasswordStrength } from '../hooks/use-password-strength.ts';
import { PasswordStrengthMeter } from './password-strength-meter.tsx';

type PasswordFormValues = z.infer<typeof PasswordFormSchema>;
type PasswordField = keyof PasswordFormValues;

/**
 * Changing the password with the current one. This device stays signed in; every other one is
 * signed out at its next request (decisions 072, 169).
 */
export function PasswordChangeForm({ personal }: { personal: readonly string[] }) {
  const mutation = useChangePasswordMutation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<PasswordFormValues>({
    resolver: zodResolver(PasswordFormSchema),
    defaultValues: { current_password: '', new_password: '', new_password_confirmation: '' },
  });
  const { handleSubmit, setError, reset, control } = form;
  const field = fieldBinder(form);
  const newPassword = useWatch({ control, name: 'new_password' });
  const strength = usePasswordStrength(newPassword, personal);

  const onSubmit = handleSubmit(async ({ current_password, new_password }) => {
    setServerError(null);
    try {
      await mutation.mutateAsync({ current_password, new_password });
      reset();
      toast({
        title: 'Password changed',
        description: 'Your other devices have been signed out.',
        variant: 'success',
      });
    } catch (error) {
      setServerError(
        failureOutsideFields(error, setError, (path) =>
          path === 'current_password' || path === 'new_password' ? (path as PasswordField) : null,
        ),
      );
    }
  });

  return (
    <Card>
      <CardHeader
        title="Password"
        description="Changing it signs out every other device; this one stays signed in."
      />
      <form onSubmit={onSubmit} noValidate aria-label="Change password" className="space-y-5 p-5">
        {serverError ? <Alert>{serverError}</Alert> : null}
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          {...field('current_password')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-2">
            <TextField
              label="New password"
              type="password"
              autoComplete="new-password"
              aria-describedby="new-password-strength"
              {...field('new_password')}
            />
            <PasswordStrengthMeter id="new-password-strength" strength={strength} />
          </div>
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...field('new_password_confirmation')}
          />
        </div>
        <div className="flex justify-end">
          <Button type="submit" loading={mutation.isPending}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
