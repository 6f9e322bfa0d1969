import { describe, expect, it } from 'vitest';

import { sizeTexts } from '#contract/constants.ts';
import { documentSamples } from '#tests/helpers/document-samples.ts';

import { detectDocumentType } from './document-type.ts';

describe('the document type of an upload', () => {
  it('recognises PDF, DOCX, DOC and UTF-8 text by their bytes', () => {
    expect(detectDocumentType(documentSamples.pdf)).toBe('pdf');
    expect(detectDocumentType(documentSamples.docx)).toBe('docx');
    expect(detectDocumentType(documentSamples.doc)).toBe('doc');
    expect(detectDocumentType(documentSamples.txt)).toBe('txt');
    expect(detectDocumentType(Buffer.from('Grüße aus Köln\r\n\tzweite Zeile', 'utf8'))).toBe('txt');
  });

  it('refuses executables, other archives, binary data and empty files', () => {
    expect(detectDocumentType(documentSamples.elf)).toBeNull();
    expect(detectDocumentType(documentSamples.exe)).toBeNull();
    expect(detectDocumentType(documentSamples.zip)).toBeNull();
    expect(detectDocumentType(Buffer.from([0x68, 0x69, 0x00, 0x21]))).toBeNull();
    expect(detectDocumentType(Buffer.from([0xc3, 0x28]))).toBeNull();
    expect(detectDocumentType(Buffer.alloc(0))).toBeNull();
  });

  it('names sizes in MB, or in bytes when the two would read the same', () => {
    expect(sizeTexts(25 * 1024 * 1024, 20 * 1024 * 1024)).toEqual({
      current: '25 MB',
      allowed: '20 MB',
    });
    expect(sizeTexts(20 * 1024 * 1024 + 1, 20 * 1024 * 1024)).toEqual({
      current: '20971521 bytes',
      allowed: '20971520 bytes',
    });
  });
});
