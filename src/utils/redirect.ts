/**
 * Accepts only same-origin absolute paths as a post-login destination, so a crafted link cannot
 * send a user to another site ("//evil.example" or "https://…").
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}
