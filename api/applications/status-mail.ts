import { Application, ApplicationCohort, Cohort, Product, Student } from '../../models';
import type { ApplicationStatusValue, StatusMovesAnswer } from '../../models/application-status';
import type { Deps } from '../common/context';

/**
 * The plain email a student gets when staff move their application (until communications and their
 * templates exist, issue 9). Staff moves into these statuses email the student; the text follows the
 * status the application ends in (an approval may go on to SIGNED by itself). ARCHIVED is
 * housekeeping, and TRANSFERRED / PARTIAL_WITHDRAWN / WITHDRAWN will be told by the transfer and
 * withdrawal areas with their own decisions; a student's own submit, cancel or signature is shown to
 * them on the screen where they did it, so none of those is emailed.
 */
const EMAILED: ReadonlySet<ApplicationStatusValue> = new Set(['APPLIED', 'WAITING_TO_SIGN', 'SIGNED', 'ENROLLED', 'REJECTED', 'CANCELLED']);

/** Whether a staff move to `to` emails the student (the moves answer and the status call share it). */
export function emailsStudent(to: ApplicationStatusValue): boolean {
  return EMAILED.has(to);
}

export const STATUS_TEMPLATE_KEY = 'APPLICATION_STATUS';

interface Facts {
  firstName: string;
  product: string;
  classes: string;
  provider: string;
  phone: string;
  url: string;
}

type Text = { subject: string; lines: string[] };

const english: Partial<Record<ApplicationStatusValue, (f: Facts) => Text>> = {
  APPLIED: (f) => ({
    subject: `your application to ${f.product} was submitted`,
    lines: [
      `Your application to ${f.product} was submitted by our admissions team. We will write to you once it has been reviewed.`,
      `You can follow it in the portal: ${f.url}/home`,
    ],
  }),
  WAITING_TO_SIGN: (f) => ({
    subject: `your application to ${f.product} was approved`,
    lines: [`Your application to ${f.product} was approved. The next step is to sign your enrollment agreement in the portal:`, `${f.url}/agreements`],
  }),
  SIGNED: (f) => ({
    subject: `your application to ${f.product} was approved`,
    lines: [`Your application to ${f.product} was approved, and we have your signed enrollment agreement. We will write to you again when your enrollment is confirmed.`],
  }),
  ENROLLED: (f) => ({
    subject: `you are enrolled in ${f.product}`,
    lines: [`Your enrollment in ${f.product} is confirmed. Class: ${f.classes}.`, `Your payment plan and its schedule are in the portal: ${f.url}/settings/payment-information`],
  }),
  REJECTED: (f) => ({
    subject: `your application to ${f.product} was not accepted`,
    lines: [`We are sorry: your application to ${f.product} was not accepted. If you have any questions, call us at ${f.phone}.`],
  }),
  CANCELLED: (f) => ({
    subject: `your application to ${f.product} was cancelled`,
    lines: [`Your application to ${f.product} was cancelled. If you did not expect this, call us at ${f.phone}.`],
  }),
};

const spanish: Partial<Record<ApplicationStatusValue, (f: Facts) => Text>> = {
  APPLIED: (f) => ({
    subject: `su solicitud para ${f.product} fue enviada`,
    lines: [`Nuestro equipo de admisiones envió su solicitud para ${f.product}. Le escribiremos cuando la hayamos revisado.`, `Puede seguirla en el portal: ${f.url}/home`],
  }),
  WAITING_TO_SIGN: (f) => ({
    subject: `su solicitud para ${f.product} fue aprobada`,
    lines: [`Su solicitud para ${f.product} fue aprobada. El siguiente paso es firmar su acuerdo de inscripción en el portal:`, `${f.url}/agreements`],
  }),
  SIGNED: (f) => ({
    subject: `su solicitud para ${f.product} fue aprobada`,
    lines: [`Su solicitud para ${f.product} fue aprobada y ya tenemos su acuerdo de inscripción firmado. Le escribiremos de nuevo cuando se confirme su inscripción.`],
  }),
  ENROLLED: (f) => ({
    subject: `su inscripción en ${f.product} está confirmada`,
    lines: [`Su inscripción en ${f.product} está confirmada. Clase: ${f.classes}.`, `Su plan de pago y su calendario están en el portal: ${f.url}/settings/payment-information`],
  }),
  REJECTED: (f) => ({
    subject: `su solicitud para ${f.product} no fue aceptada`,
    lines: [`Lo sentimos: su solicitud para ${f.product} no fue aceptada. Si tiene preguntas, llámenos al ${f.phone}.`],
  }),
  CANCELLED: (f) => ({
    subject: `su solicitud para ${f.product} fue cancelada`,
    lines: [`Su solicitud para ${f.product} fue cancelada. Si no lo esperaba, llámenos al ${f.phone}.`],
  }),
};

/** The email for an application now in `status`, in English or Spanish; null for a status no email is written for. */
export function statusEmail(status: ApplicationStatusValue, locale: 'en' | 'es', facts: Facts): { subject: string; text: string } | null {
  const write = (locale === 'es' ? spanish : english)[status];
  if (!write) return null;
  const { subject, lines } = write(facts);
  const greeting = locale === 'es' ? `Hola, ${facts.firstName}:` : `Hello ${facts.firstName},`;
  const closing = locale === 'es' ? 'Saludos,' : 'Kind regards,';
  return { subject: `${facts.provider}: ${subject}`, text: [greeting, '', ...lines.flatMap((l) => [l, '']), closing, facts.provider].join('\n') };
}

/**
 * After a staff move to `target` has committed: emails the student about the status the application
 * is in now, through the configured mailer (the outbox, or SMTP with SMTP_URL), in the student's
 * language. A failed send never undoes the change: it is logged (and the outbox row says FAILED).
 */
export async function emailStatusChange(deps: Deps, applicationId: number, target: ApplicationStatusValue): Promise<void> {
  if (!emailsStudent(target)) return;
  try {
    const application = await Application.findByPk(applicationId, {
      attributes: ['id', 'status'],
      include: [
        { model: Student, as: 'student', attributes: ['id', 'email', 'firstName', 'languageIso2LetterCode'] },
        { model: Product, as: 'product', attributes: ['id', 'name'] },
        { model: ApplicationCohort, as: 'applicationCohorts', attributes: ['id', 'cohortId'], include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'label'] }] },
      ],
    });
    const student = application?.student;
    if (!application || !student?.email) return;
    const locale = student.languageIso2LetterCode?.toUpperCase() === 'ES' ? 'es' : 'en';
    const classes = (application.applicationCohorts ?? [])
      .map((c) => (c as ApplicationCohort & { cohort?: Cohort }).cohort?.label)
      .filter(Boolean)
      .join('; ');
    const mail = statusEmail(application.status, locale, {
      firstName: student.firstName,
      product: application.product?.name ?? '',
      classes,
      provider: deps.config.PROVIDER_NAME,
      phone: deps.config.PROVIDER_PHONE,
      url: deps.config.PUBLIC_URL,
    });
    if (!mail) return;
    await deps.mailer.send({ to: student.email, subject: mail.subject, text: mail.text, templateKey: STATUS_TEMPLATE_KEY });
  } catch (err) {
    deps.log.error({ err, applicationId }, 'application status email not sent');
  }
}

/**
 * Where a status change's messages go with this configuration, so the console can say exactly what
 * will happen: the email through SMTP (SMTP_URL set) or only into the outbox table, and the CRM
 * notification to Salesforce (CRM_ADAPTER=salesforce) or only recorded on the application.
 */
export function statusDelivery(config: Pick<Deps['config'], 'SMTP_URL' | 'CRM_ADAPTER'>): StatusMovesAnswer['delivery'] {
  return { email: config.SMTP_URL ? 'SMTP' : 'OUTBOX', crm: config.CRM_ADAPTER === 'salesforce' ? 'SALESFORCE' : 'LOCAL' };
}
