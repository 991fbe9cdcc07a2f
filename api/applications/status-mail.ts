import { Application, ApplicationCohort, Cohort, Product, Student } from '../../models';
import type { ApplicationStatusValue, StatusMovesAnswer } from '../../models/application-status';
import type { Deps } from '../common/context';
import { instituteParams, languageOf, type ProductEmailKey } from '../communication-templates/product-emails';
import { recipientParams } from '../communications/compose';
import { sendTemplate } from '../communications/send';

/**
 * The email a student gets when staff move their application, from the template of the status it ends
 * in (issue 17: STATUS_TEMPLATES). Staff moves into these statuses email the student; the text follows the
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

/** The template of each status a staff move emails (an approval may go on to SIGNED by itself: its own email). */
export const STATUS_TEMPLATES: Partial<Record<ApplicationStatusValue, ProductEmailKey>> = {
  APPLIED: 'APPLICATION_SUBMITTED',
  WAITING_TO_SIGN: 'APPLICATION_WAITING_TO_SIGN',
  SIGNED: 'APPLICATION_APPROVED',
  ENROLLED: 'APPLICATION_ENROLLED',
  REJECTED: 'APPLICATION_REJECTED',
  CANCELLED: 'APPLICATION_CANCELLED',
};

/**
 * After a staff move to `target` has committed: emails the student about the status the application
 * is in now, from that status's template, in the student's language (sendTemplate: the outbox, or
 * SMTP with SMTP_URL). A failed send never undoes the change: it is logged (and the outbox row says FAILED).
 */
export async function emailStatusChange(deps: Deps, applicationId: number, target: ApplicationStatusValue): Promise<void> {
  if (!emailsStudent(target)) return;
  try {
    const application = await Application.findByPk(applicationId, {
      attributes: ['id', 'status'],
      include: [
        { model: Student, as: 'student', attributes: ['id', 'email', 'firstName', 'lastName', 'languageIso2LetterCode'] },
        { model: Product, as: 'product', attributes: ['id', 'name'] },
        { model: ApplicationCohort, as: 'applicationCohorts', attributes: ['id', 'cohortId'], include: [{ model: Cohort, as: 'cohort', attributes: ['id', 'label'] }] },
      ],
    });
    const student = application?.student;
    if (!application || !student?.email) return;
    const key = STATUS_TEMPLATES[application.status as ApplicationStatusValue];
    if (!key) return;
    const classes = (application.applicationCohorts ?? [])
      .map((c) => (c as ApplicationCohort & { cohort?: Cohort }).cohort?.label)
      .filter(Boolean)
      .join('; ');
    await sendTemplate(deps, {
      key,
      to: student.email,
      language: languageOf(student.languageIso2LetterCode),
      studentId: student.id,
      params: { ...instituteParams(deps.config), ...recipientParams(student), productName: application.product?.name ?? '', classes },
      about: { entityType: 'APPLICATION', entityId: application.id },
    });
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
