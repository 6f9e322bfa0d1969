import * as z from 'zod/mini';

// The sign-in form's schema, in zod's tree-shakable build: the sign-in page loads only the parts
// of zod these two fields use, not the whole method-carrying API (decision 161).

export const LoginFormSchema = z.object({
  email: z.pipe(z.string().check(z.trim(), z.minLength(1, 'Required')), z.email('Invalid email')),
  password: z.string().check(z.minLength(1, 'Required')),
});
export type LoginFormValues = z.infer<typeof LoginFormSchema>;
