// A minimal PDF 1.4 writer for the portal's documents (invoices, credit notes): A4 pages of text
// lines in the standard Helvetica fonts (WinAnsi encoding) and horizontal rules. Text flows onto
// a new page when a page is full.

export const A4_WIDTH = 595;
export const A4_HEIGHT = 842;
const MARGIN = 50;

export type PdfFont = 'regular' | 'bold';

export interface PdfText {
  kind: 'text';
  /** Left edge in points from the left margin. */
  x?: number;
  text: string;
  font?: PdfFont;
  size?: number;
  /** Right-aligned at this position (from the left margin) instead of starting at x. */
  alignRight?: number;
}

/** Several texts on one baseline (a table row). */
export interface PdfRow {
  kind: 'row';
  cells: Omit<PdfText, 'kind'>[];
  size?: number;
}

export interface PdfRule {
  kind: 'rule';
}

export interface PdfGap {
  kind: 'gap';
  points: number;
}

export type PdfBlock = PdfText | PdfRow | PdfRule | PdfGap;

/** WinAnsi (cp1252) codes of the characters above Latin-1 that it holds. */
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

/**
 * The text as a PDF literal string body in WinAnsi: `( ) \` escaped, control characters dropped,
 * anything the encoding lacks replaced by "?" (after trying to drop its accents).
 */
export function pdfString(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC')) {
    let code = winAnsiCode(char);
    if (code === null) {
      const plain = char.normalize('NFD').replace(/\p{M}/gu, '');
      code = plain.length === 1 ? winAnsiCode(plain) : null;
    }
    if (code === null) code = 0x3f;
    if (code < 0x20) continue;
    if (code === 0x28 || code === 0x29 || code === 0x5c) out += `\\${String.fromCharCode(code)}`;
    else if (code < 0x7f) out += String.fromCharCode(code);
    else out += `\\${code.toString(8).padStart(3, '0')}`;
  }
  return out;
}

function winAnsiCode(char: string): number | null {
  const extra = WIN_ANSI_EXTRA[char];
  if (extra !== undefined) return extra;
  const code = char.codePointAt(0) ?? 0x3f;
  if (code === 0x09 || code === 0x0a || code === 0x0d) return 0x20;
  if (code < 0x20 || code === 0x7f) return 0;
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  return null;
}

/** Approximate width of Helvetica text: enough to right-align amounts. */
export function textWidth(text: string, size: number, font: PdfFont = 'regular'): number {
  let units = 0;
  for (const char of text) {
    if (/[0-9]/.test(char)) units += 556;
    else if (/[.,:;]/.test(char)) units += 278;
    else if (char === ' ') units += 278;
    else if (/[A-Z]/.test(char)) units += 667;
    else if (/[il]/.test(char)) units += 222;
    else units += 556;
  }
  return (units * size * (font === 'bold' ? 1.05 : 1)) / 1000;
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

/** Lays the blocks out on A4 pages and writes the PDF bytes. */
export function renderPdf(blocks: readonly PdfBlock[], info: { title?: string } = {}): Buffer {
  const pages: string[][] = [[]];
  let y = A4_HEIGHT - MARGIN;
  const bottom = MARGIN;
  const ensure = (height: number) => {
    if (y - height < bottom) {
      pages.push([]);
      y = A4_HEIGHT - MARGIN;
    }
  };
  const page = () => pages[pages.length - 1] as string[];
  const drawText = (cell: Omit<PdfText, 'kind'>, size: number, baseline: number) => {
    const font = cell.font ?? 'regular';
    const x =
      cell.alignRight !== undefined
        ? MARGIN + cell.alignRight - textWidth(cell.text, size, font)
        : MARGIN + (cell.x ?? 0);
    page().push(
      `BT /${font === 'bold' ? 'F2' : 'F1'} ${size} Tf ${num(x)} ${num(baseline)} Td (${pdfString(cell.text)}) Tj ET`,
    );
  };
  for (const block of blocks) {
    if (block.kind === 'gap') {
      y -= block.points;
      continue;
    }
    if (block.kind === 'rule') {
      ensure(8);
      y -= 4;
      page().push(`0.5 w ${MARGIN} ${num(y)} m ${A4_WIDTH - MARGIN} ${num(y)} l S`);
      y -= 8;
      continue;
    }
    const size = block.kind === 'row' ? (block.size ?? 9) : (block.size ?? 10);
    const lineHeight = size * 1.35;
    ensure(lineHeight);
    y -= lineHeight;
    if (block.kind === 'row') {
      for (const cell of block.cells) drawText(cell, cell.size ?? size, y);
    } else {
      drawText(block, size, y);
    }
  }

  // Objects: 1 catalog, 2 pages, 3 and 4 fonts, 5 info, then a page and its content per page.
  const objects: string[] = [];
  const pageIds = pages.map((_, index) => 6 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
  objects[4] =
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
  objects[5] = `<< /Producer (Buyer portal) /Title (${pdfString(info.title ?? '')}) >>`;
  pages.forEach((operations, index) => {
    const pageId = pageIds[index] as number;
    const content = `${operations.join('\n')}\n`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${A4_WIDTH} ${A4_HEIGHT}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] =
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`;
  });

  // Every string above is ASCII (pdfString escapes the rest), so characters are bytes.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) {
    body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  }
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
