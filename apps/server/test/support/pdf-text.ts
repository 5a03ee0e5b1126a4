import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Text of every page of a PDF, read back with PDF.js as a stitcher's tracking app would read it; runs joined with spaces. */
export async function pdfPageTexts(pdf: ArrayBuffer | Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const texts: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return texts;
}
