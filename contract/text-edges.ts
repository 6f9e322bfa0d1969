// Removing a run of characters at an end of a text, in one pass. A pattern such as `/\/+$/` or
// `/\.?0+$/` looks like the same thing, but an engine that backtracks retries it from every
// position of a long run that is not at the end: quadratic on a hostile input (decision 131).

/** `text` without any of `characters` at its end. */
export function trimEndOf(text: string, characters: string): string {
  let end = text.length;
  while (end > 0 && characters.includes(text[end - 1]!)) end -= 1;
  return text.slice(0, end);
}

/** `text` without any of `characters` at its start. */
export function trimStartOf(text: string, characters: string): string {
  let start = 0;
  while (start < text.length && characters.includes(text[start]!)) start += 1;
  return text.slice(start);
}
