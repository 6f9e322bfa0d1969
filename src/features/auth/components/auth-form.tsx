import { type FormEventHandler, type ReactNode, useEffect } from 'react';

import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { TextField, type TextFieldProps } from '#src/components/text-field.tsx';
import { useIsBuildRender } from '#src/hooks/use-build-render.ts';

/** The form body every sign-in, sign-up and recovery card shares: general error, fields, submit. */
export function AuthForm({
  label,
  onSubmit,
  warm,
  serverError,
  submitLabel,
  pending,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Called once when the browser is first idle after the form is drawn: loads its validation. */
  warm?: () => void;
  serverError: string | null;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  const isBuildRender = useIsBuildRender();
  useEffect(() => {
    if (!warm) return;
    if (typeof requestIdleCallback !== 'function') return void setTimeout(warm, 0);
    const handle = requestIdleCallback(warm, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, [warm]);
  return (
    // `method="dialog"` outside a dialog submits nowhere: before the scripts run (the page's
    // markup is in its HTML, decision 153) Enter does nothing, and a password never lands in the
    // address as a plain form's GET would put it.
    <form onSubmit={onSubmit} method="dialog" noValidate className="space-y-5" aria-label={label}>
      {serverError ? <Alert>{serverError}</Alert> : null}
      {children}
      <Button type="submit" className="w-full" size="lg" loading={pending || isBuildRender}>
        {submitLabel}
      </Button>
    </form>
  );
}

/** A password input; browsers use `autoComplete` to offer a saved or a generated password. */
export function PasswordField({
  autoComplete,
  ...props
}: Omit<TextFieldProps, 'type' | 'autoComplete'> & {
  autoComplete: 'current-password' | 'new-password';
}) {
  return <TextField type="password" autoComplete={autoComplete} {...props} />;
}

type PasswordInputProps = Omit<TextFieldProps, 'type' | 'autoComplete'>;

/** A new password and its confirmation, both offered a generated password by the browser. */
export function NewPasswordFields({
  password,
  confirmation,
}: {
  password: PasswordInputProps;
  confirmation: PasswordInputProps;
}) {
  return (
    <>
      <PasswordField autoComplete="new-password" {...password} />
      <PasswordField autoComplete="new-password" {...confirmation} />
    </>
  );
}
