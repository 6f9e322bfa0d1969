export declare function aliasedSpecifier(
  root: string,
  aliases: Map<string, string>,
  fromFile: string,
  specifier: string,
): string | null;

export declare function rewriteImports(
  root: string,
  aliases: Map<string, string>,
  file: string,
  text: string,
): { text: string; changes: { from: string; to: string }[] };
