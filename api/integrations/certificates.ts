import { Readable } from 'node:stream';
import type { Deps } from '../common/context';
import { renderPdf } from '../common/pdf';
import { AccredibleCertificateProvider } from './accredible-certificates';
import type { Storage } from './storage';

/**
 * Certificates (issue 21; domain rules "Academic progress, graduation and certificates"): a graduation
 * issues the program's certificate through a CertificateProvider. The local default renders a PDF and
 * keeps it in storage (`deps.storage`); Accredible's adapter (accredible-certificates.ts, selected by
 * CERTIFICATE_PROVIDER=accredible) issues a credential in the program's Accredible group. Issuing is
 * idempotent per certificate: the local PDF is written under the certificate's own key (a retry
 * replaces it), Accredible is asked first whether the enrollment's credential already exists.
 */

export interface CertificateRequest {
  certificateId: number;
  enrollmentId: number;
  recipient: { studentId: number; name: string; email: string };
  program: { id: number; name: string; accredibleGroupId: string | null };
  cohortLabel: string;
  /** The graduation day (YYYY-MM-DD, the school's). */
  issuedOn: string;
  late: boolean;
}

export interface IssuedCertificate {
  provider: 'LOCAL' | 'ACCREDIBLE';
  externalId: string | null;
  /** Where the credential is viewed (Accredible's credential page). */
  url: string | null;
  badgeUrl: string | null;
  /** The stored PDF (local provider). */
  storageKey: string | null;
}

export interface CertificateProvider {
  readonly name: 'LOCAL' | 'ACCREDIBLE';
  /** Issues one certificate; throws when it could not (the event's delivery retries it). */
  issue(request: CertificateRequest): Promise<IssuedCertificate>;
}

/** `2030-06-14` → `June 14, 2030`. */
export function longDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The certificate's PDF: landscape Letter, the recipient's name in any Latin, Greek or Cyrillic script. */
export function certificatePdf(r: CertificateRequest, providerName: string): Promise<Buffer> {
  return renderPdf(
    {
      size: 'LETTER',
      layout: 'landscape',
      margin: 54,
      info: { Title: `Certificate of completion — ${r.program.name}`, Subject: `Certificate ${r.certificateId}`, Author: providerName },
    },
    (doc) => {
      const { width, height } = doc.page;
      doc
        .lineWidth(3)
        .strokeColor('#0f766e')
        .rect(27, 27, width - 54, height - 54)
        .stroke();
      doc
        .lineWidth(1)
        .rect(36, 36, width - 72, height - 72)
        .stroke();
      doc.moveDown(2);
      doc.font('Bold').fontSize(14).fillColor('#0f766e').text(providerName.toUpperCase(), { align: 'center', characterSpacing: 2 });
      doc.moveDown(1.5);
      doc.font('Bold').fontSize(34).fillColor('black').text('Certificate of Completion', { align: 'center' });
      doc.moveDown(1);
      doc.font('Body').fontSize(14).text('This certifies that', { align: 'center' });
      doc.moveDown(0.6);
      doc.font('Bold').fontSize(28).text(r.recipient.name, { align: 'center' });
      doc.moveDown(0.6);
      doc.font('Body').fontSize(14).text('has completed every requirement of', { align: 'center' });
      doc.moveDown(0.4);
      doc.font('Bold').fontSize(20).text(r.program.name, { align: 'center' });
      doc.font('Body').fontSize(12).text(r.cohortLabel, { align: 'center' });
      doc.moveDown(1.2);
      doc.fontSize(12).text(`Awarded on ${longDate(r.issuedOn)}`, { align: 'center' });
      doc
        .fontSize(9)
        .fillColor('#555555')
        .text(`Certificate no. ${r.certificateId} · Enrollment ${r.enrollmentId}`, 54, height - 80, { align: 'center', width: width - 108 });
    },
  );
}

/** The key of a certificate's PDF: one per certificate, so a retry replaces what an earlier attempt left. */
export const certificateKey = (certificateId: number) => `certificates/${certificateId}.pdf`;

/** The default: a PDF rendered here and kept in storage. */
export class LocalCertificateProvider implements CertificateProvider {
  readonly name = 'LOCAL' as const;
  constructor(
    private readonly storage: Storage,
    private readonly providerName: string,
  ) {}

  async issue(r: CertificateRequest): Promise<IssuedCertificate> {
    const pdf = await certificatePdf(r, this.providerName);
    const key = certificateKey(r.certificateId);
    await this.storage.put(key, Readable.from([pdf]), { contentType: 'application/pdf' });
    return { provider: 'LOCAL', externalId: null, url: null, badgeUrl: null, storageKey: key };
  }
}

/**
 * Accredible for programs with a group, the local PDF for the others (a program without an Accredible
 * group still gets its certificate).
 */
class ByProgramProvider implements CertificateProvider {
  readonly name = 'ACCREDIBLE' as const;
  constructor(
    private readonly accredible: CertificateProvider,
    private readonly local: CertificateProvider,
  ) {}
  issue(r: CertificateRequest): Promise<IssuedCertificate> {
    return r.program.accredibleGroupId ? this.accredible.issue(r) : this.local.issue(r);
  }
}

let override: CertificateProvider | null = null;
/** Replaces the configured provider (tests: a failing or recording fake); null restores the configuration. */
export function useCertificateProvider(provider: CertificateProvider | null): void {
  override = provider;
}

/** The provider the configuration names. */
export function certificateProvider(deps: Deps): CertificateProvider {
  if (override) return override;
  const local = new LocalCertificateProvider(deps.storage, deps.config.PROVIDER_NAME);
  if (deps.config.CERTIFICATE_PROVIDER === 'accredible') {
    return new ByProgramProvider(new AccredibleCertificateProvider({ url: deps.config.ACCREDIBLE_API_URL, apiKey: deps.config.ACCREDIBLE_API_KEY ?? '' }), local);
  }
  return local;
}
