import path from 'node:path';
import type PDFKit from 'pdfkit';

/**
 * The platform's PDFs (agreements, certificates, transcripts) on pdfkit with an embedded Unicode font:
 * DejaVu Sans (Bitstream Vera licence, shipped in api/assets/fonts with its licence), which covers
 * Latin, Greek and Cyrillic, so a name in any of those scripts prints as typed (pdfkit's standard
 * Helvetica is Latin-1 only). pdfkit subsets the font: a PDF carries only the glyphs it uses, and a
 * ToUnicode map so its text can be searched and copied.
 */

const FONTS_DIR = path.resolve(__dirname, '..', 'assets', 'fonts');
export const PDF_FONT = { regular: path.join(FONTS_DIR, 'DejaVuSans.ttf'), bold: path.join(FONTS_DIR, 'DejaVuSans-Bold.ttf') };

export type PdfDoc = PDFKit.PDFDocument;

/**
 * A PDF document rendered in memory: `draw` writes on it (fonts `Body` and `Bold` registered; `Body`
 * selected), the answer is its bytes.
 */
export async function renderPdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  // pdfkit (and its font machinery) is loaded when the first PDF is made, not with the API.
  const { default: PDFDocument } = (await import('pdfkit')) as { default: typeof PDFKit };
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.registerFont('Body', PDF_FONT.regular);
      doc.registerFont('Bold', PDF_FONT.bold);
      doc.font('Body');
      draw(doc);
      doc.end();
    } catch (err) {
      reject(err as Error);
    }
  });
}
