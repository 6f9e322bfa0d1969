const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: "You don't have access",
  404: 'Page not found',
  408: 'Request timeout',
  429: 'Too many requests',
  500: 'Something went wrong.',
  502: 'Bad gateway',
  503: 'Service unavailable',
  504: 'Gateway timeout',
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? 'Something went wrong.';
}
