// Reads a CSV the exports wrote, as a spreadsheet would: whether it starts with a byte order mark,
// then its RFC 4180 rows (quoted cells, doubled quotes, CRLF line ends).

export function readCsv(text: string): { hasByteOrderMark: boolean; rows: string[][] } {
  const hasByteOrderMark = text.startsWith('\uFEFF');
  const body = hasByteOrderMark ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && body[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  return { hasByteOrderMark, rows };
}

/** The rows as records keyed by the header row's names. */
export function csvRecords(text: string): Record<string, string>[] {
  const [header = [], ...rows] = readCsv(text).rows;
  return rows.map((row) =>
    Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])),
  );
}
