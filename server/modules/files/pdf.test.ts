import { describe, expect, it } from 'vitest';
import { pdfString, renderPdf, type PdfBlock } from './pdf.ts';

/** Checks the cross-reference table against the bytes; answers the text of the file. */
function checkStructure(bytes: Buffer): string {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(first).toBe('0');
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((entry, index) => {
    expect(entry).toMatch(/^\d{10} 00000 n $/);
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true);
  });
  expect(text).toMatch(new RegExp(`trailer\\n<< /Size ${count} /Root 1 0 R`));
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 9)).toBe('endstream');
  }
  return text;
}

describe('PDF writer', () => {
  it('writes a valid one-page document with its text', () => {
    const bytes = renderPdf(
      [
        { kind: 'text', text: 'Invoice INV-100001', font: 'bold', size: 16 },
        { kind: 'rule' },
        { kind: 'row', cells: [{ text: 'Net' }, { text: '120.00', alignRight: 495 }] },
      ],
      { title: 'Invoice' },
    );
    const text = checkStructure(bytes);
    expect(text).toContain('(Invoice INV-100001) Tj');
    expect(text).toContain('(120.00) Tj');
    expect(text).toContain('/BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding');
    expect(text).toContain('/Count 1');
    expect(text).toContain('/MediaBox [0 0 595 842]');
  });

  it('breaks long documents onto further pages', () => {
    const blocks: PdfBlock[] = Array.from({ length: 200 }, (_, index) => ({
      kind: 'text',
      text: `Line ${index + 1}`,
    }));
    const text = checkStructure(renderPdf(blocks));
    const count = Number(/\/Count (\d+)/.exec(text)?.[1]);
    expect(count).toBeGreaterThan(2);
    expect(text.match(/\/Type \/Page /g)).toHaveLength(count);
    expect(text).toContain('(Line 1) Tj');
    expect(text).toContain('(Line 200) Tj');
  });

  it('escapes delimiters and replaces characters WinAnsi lacks', () => {
    expect(pdfString('a (b) \\ c')).toBe('a \\(b\\) \\\\ c');
    expect(pdfString('Müller €5')).toBe('M\\374ller \\2005');
    expect(pdfString('Łódź 東京')).toBe('?\\363dz ??');
    expect(pdfString('a\u0000b\nc')).toBe('ab c');
    checkStructure(renderPdf([{ kind: 'text', text: 'Łódź (東京) \\ ✓' }]));
  });
});
