/** The words of a pinned list, written as text so that a long pin reads as one paragraph. */
export function words(text: string): string[] {
  return text.trim().split(/\s+/);
}
