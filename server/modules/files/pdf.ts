// The portal's documents (invoices, credit notes) as PDF: A4 pages of text lines and horizontal
// rules, laid out here and written by PDFKit in DejaVu Sans, a Unicode TrueType font embedded
// (subset) in every file, so that names and addresses in any European script print as stored
// (decision 043). Text flows onto a new page when a page is full.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import type { Font } from 'fontkit';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';

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

const FONT_FILES: Record<PdfFont, string> = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
};

let fonts: Record<PdfFont, Font> | null = null;

/**
 * The fonts, parsed once: a parsed font keeps the tables its first text layout reads (about
 * 50 ms for DejaVu's), and a document is written in the transaction that creates it.
 */
function loadedFonts(): Record<PdfFont, Font> {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const load = (file: string) => {
      const font = fontkit.create(readFileSync(require.resolve(file)));
      if (!('layout' in font)) throw new Error(`${file} is a font collection`);
      return font;
    };
    fonts = { regular: load(FONT_FILES.regular), bold: load(FONT_FILES.bold) };
  }
  return fonts;
}

/** Line feeds, tabs and other control characters print as one space or nothing. */
const printable = (text: string) =>
  text
    .normalize('NFC')
    .replace(/[\t\n\r]/g, ' ')
    .replace(/\p{Cc}/gu, '');

/** Lays the blocks out on A4 pages and writes the PDF bytes. */
export function renderPdf(
  blocks: readonly PdfBlock[],
  info: { title?: string; createdAt?: Date } = {},
): Promise<Buffer> {
  const parsed = loadedFonts();
  const doc = new PDFDocument({
    size: [A4_WIDTH, A4_HEIGHT],
    margin: MARGIN,
    pdfVersion: '1.4',
    autoFirstPage: false,
    info: {
      Title: info.title ?? '',
      Producer: 'Buyer portal',
      Creator: 'Buyer portal',
      // A fixed date makes a document's bytes depend on its content only.
      CreationDate: info.createdAt ?? new Date(0),
    },
  });
  // PDFKit takes a parsed fontkit font too; its types name only files and bytes.
  doc.registerFont('regular', parsed.regular as unknown as Buffer);
  doc.registerFont('bold', parsed.bold as unknown as Buffer);
  const chunks: Buffer[] = [];
  const written = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // y counts down from the top edge in the PDF's own coordinates (origin bottom left), as the
  // layout was designed; PDFKit places text from the top, hence A4_HEIGHT - y below.
  let y = 0;
  const newPage = () => {
    doc.addPage();
    y = A4_HEIGHT - MARGIN;
  };
  const ensure = (height: number) => {
    if (y - height < MARGIN) newPage();
  };
  const drawText = (cell: Omit<PdfText, 'kind'>, size: number, baseline: number) => {
    const text = printable(cell.text);
    doc.font(cell.font ?? 'regular').fontSize(size);
    const x =
      cell.alignRight !== undefined
        ? MARGIN + cell.alignRight - doc.widthOfString(text)
        : MARGIN + (cell.x ?? 0);
    doc.text(text, x, A4_HEIGHT - baseline, { lineBreak: false, baseline: 'alphabetic' });
  };

  newPage();
  for (const block of blocks) {
    if (block.kind === 'gap') {
      y -= block.points;
      continue;
    }
    if (block.kind === 'rule') {
      ensure(8);
      y -= 4;
      doc
        .moveTo(MARGIN, A4_HEIGHT - y)
        .lineTo(A4_WIDTH - MARGIN, A4_HEIGHT - y)
        .lineWidth(0.5)
        .stroke();
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
  doc.end();
  return written;
}
