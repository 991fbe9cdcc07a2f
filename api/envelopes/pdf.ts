import type { Envelope } from '../../models';
import { renderPdf } from '../common/pdf';

/**
 * The PDF of an agreement envelope (pdfkit, Letter, the embedded Unicode font of api/common/pdf.ts, so a
 * name in Cyrillic or Greek prints as signed): the title, the
 * agreement text, and for a signed envelope the signature block — typed name, signed time in New York
 * time and in UTC, IP address and the SHA-256 of the signed text. A voided envelope says so on top.
 */

type Printable = Pick<Envelope, 'id' | 'title' | 'content' | 'status' | 'signedName' | 'signedAt' | 'signedIp' | 'signedSha256' | 'voidedAt' | 'contentSha256'>;

const NEW_YORK = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
  timeZoneName: 'short',
});

/** `03-14-2030 09:26:53 EDT` (the spec's MM-DD-YYYY dates). */
export function newYorkTime(at: Date): string {
  const parts = Object.fromEntries(NEW_YORK.formatToParts(at).map((p) => [p.type, p.value]));
  const hour = parts.hour === '24' ? '00' : parts.hour;
  return `${parts.month}-${parts.day}-${parts.year} ${hour}:${parts.minute}:${parts.second} ${parts.timeZoneName}`;
}

/** `2030-03-14 13:26:53 UTC`. */
export function utcTime(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/** The lines of the signature block (also what the tests look for). */
export function signatureLines(e: Printable): string[] {
  if (e.status !== 'SIGNED' || !e.signedAt) return [];
  const at = new Date(e.signedAt);
  return [
    `Signed electronically by: ${e.signedName ?? ''}`,
    `Signed at: ${newYorkTime(at)} (New York) / ${utcTime(at)}`,
    `IP address: ${e.signedIp ?? 'unknown'}`,
    `SHA-256 of the signed text: ${e.signedSha256 ?? ''}`,
  ];
}

/** Renders the envelope as a PDF document in memory. */
export async function envelopePdf(e: Printable, options: { compress?: boolean } = {}): Promise<Buffer> {
  return renderPdf(
    {
      size: 'LETTER',
      margin: 60,
      compress: options.compress ?? true,
      info: { Title: e.title, Subject: `Agreement envelope ${e.id}`, Keywords: `sha256:${e.contentSha256}` },
    },
    (doc) => {
      if (e.status === 'VOIDED') {
        doc
          .font('Bold')
          .fontSize(12)
          .fillColor('#b00020')
          .text(`VOIDED${e.voidedAt ? ` on ${newYorkTime(new Date(e.voidedAt))}` : ''}: this agreement was replaced by a newer one.`);
        doc.moveDown().fillColor('black');
      }
      doc.font('Bold').fontSize(16).text(e.title, { align: 'center' });
      doc.moveDown();
      doc.font('Body').fontSize(10).text(e.content, { align: 'left', lineGap: 2 });

      const block = signatureLines(e);
      if (block.length) {
        doc.moveDown(2);
        doc.font('Bold').fontSize(11).text('SIGNATURE');
        doc.font('Body').fontSize(10);
        for (const line of block) doc.text(line);
      }
    },
  );
}
