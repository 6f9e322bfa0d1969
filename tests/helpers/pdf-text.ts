// Reads back what a PDF shows, with PDF.js (the reader of Firefox), for tests of generated
// documents: the texts as a reader extracts them, not as the writer meant them.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfContent {
  pageCount: number;
  /** The texts of every page in drawing order, one per text run, blank runs left out. */
  texts: string[];
  title: string;
}

export async function readPdf(bytes: Uint8Array): Promise<PdfContent> {
  const document = await getDocument({
    // PDF.js takes over (detaches) the buffer it is given.
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
    verbosity: 0,
  }).promise;
  try {
    const texts: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      for (const item of (await page.getTextContent()).items) {
        if ('str' in item && item.str.trim() !== '') texts.push(item.str);
      }
    }
    const { info } = (await document.getMetadata()) as { info: { Title?: string } };
    return { pageCount: document.numPages, texts, title: info.Title ?? '' };
  } finally {
    await document.destroy();
  }
}

/** The texts a PDF shows, one per text run. */
export async function pdfTexts(bytes: Uint8Array): Promise<string[]> {
  return (await readPdf(bytes)).texts;
}
