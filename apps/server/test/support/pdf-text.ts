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

/** Width and height of every page of a PDF, in points, as a viewer shows them (a landscape page is wider than tall). */
export async function pdfPageSizes(pdf: ArrayBuffer | Uint8Array): Promise<{ width: number; height: number }[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const sizes: { width: number; height: number }[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const { width, height } = (await document.getPage(number)).getViewport({ scale: 1 });
    sizes.push({ width: Math.round(width), height: Math.round(height) });
  }
  await document.destroy();
  return sizes;
}

/** The PDF's document Title (its Info dictionary), as a viewer shows it in its title bar. */
export async function pdfTitle(pdf: ArrayBuffer | Uint8Array): Promise<string | undefined> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false }).promise;
  const { info } = (await document.getMetadata()) as { info: { Title?: string } };
  await document.destroy();
  return info.Title;
}
