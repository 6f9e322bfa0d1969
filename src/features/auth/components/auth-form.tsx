import type { FormEventHandler, ReactNode } from 'react';
import { Alert } from '#src/components/alert.tsx';
import { Button } from '#src/components/button.tsx';
import { TextField, type TextFieldProps } from '#src/components/text-field.tsx';

/** The form body every sign-in, sign-up and recovery card shares: general error, fields, submit. */
export function AuthForm({
  label,
  onSubmit,
  onFocus,
  serverError,
  submitLabel,
  pending,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Called as focus enters the form: a good time to load what validating it needs. */
  onFocus?: () => void;
  serverError: string | null;
  submitLabel: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} onFocus={onFocus} noValidate className="space-y-5" aria-label={label}>
      {serverError ? <Alert>{serverError}</Alert> : null}
      {children}
      <Button type="submit" className="w-full" size="lg" loading={pending}>
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
