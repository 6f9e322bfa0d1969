import { describe, expect, it } from 'vitest';

import { readPdf } from '#tests/helpers/pdf-text.ts';

import { type PdfBlock, renderPdf } from './pdf.ts';

describe('PDF writer', () => {
  it('writes a valid one-page A4 document with its text', async () => {
    const bytes = await renderPdf(
      [
        { kind: 'text', text: 'Invoice INV-2026-000001', font: 'bold', size: 16 },
        { kind: 'rule' },
        { kind: 'row', cells: [{ text: 'Net' }, { text: '120.00', alignRight: 495 }] },
      ],
      { title: 'Invoice' },
    );
    const raw = bytes.toString('latin1');
    expect(raw.startsWith('%PDF-1.4\n')).toBe(true);
    expect(raw.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(raw).toContain('/MediaBox [0 0 595 842]');
    // The fonts travel in the file (as subsets), the bold one for the title.
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans-Bold/);
    expect(raw).toMatch(/\/FontFile2 \d+ 0 R/);
    const content = await readPdf(bytes);
    expect(content).toEqual({
      pageCount: 1,
      texts: ['Invoice INV-2026-000001', 'Net', '120.00'],
      title: 'Invoice',
    });
  });

  it('breaks long documents onto further pages', async () => {
    const blocks: PdfBlock[] = Array.from({ length: 200 }, (_, index) => ({
      kind: 'text',
      text: `Line ${index + 1}`,
    }));
    const content = await readPdf(await renderPdf(blocks));
    expect(content.pageCount).toBeGreaterThan(2);
    expect(content.texts).toHaveLength(200);
    expect(content.texts[0]).toBe('Line 1');
    expect(content.texts.at(-1)).toBe('Line 200');
  });

  it('prints every European script as written, and control characters as spaces', async () => {
    const texts = [
      'Łódź, ul. Piotrkowska 104',
      'Αθήνα, Λεωφόρος Κηφισίας 12',
      'Praha 5, Štefánikova 32 – Smíchov',
      'Győr, Szent István út 7',
      'Müller (Köln) \\ 5 € “quoted”',
      'Кириллица и др.',
    ];
    const content = await readPdf(
      await renderPdf([
        ...texts.map((text): PdfBlock => ({ kind: 'text', text })),
        { kind: 'text', text: 'a\u0000b\nc' },
      ]),
    );
    expect(content.texts).toEqual([...texts, 'ab c']);
  });
});
