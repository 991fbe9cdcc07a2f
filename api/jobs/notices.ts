import { Op, UniqueConstraintError } from 'sequelize';
import { NoticeSent, OutboxMessage, PaymentSchedule, Student, StudentPaymentPlan } from '../../models';
import { toDisplayDate } from '../../models/dates';
import { entryParts, formatMoney } from '../billing/ledger';
import type { Deps } from '../common/context';
import { instituteParams, languageOf, ProductEmail } from '../communication-templates/product-emails';
import { recipientParams } from '../communications/compose';
import { sendTemplate } from '../communications/send';
import { daysParam, numberParam, type JobContext } from './registry';

/**
 * INSTALLMENT_REMINDER and PAST_DUE_NOTICE (issue 16 §1): an email from the template of that key
 * (issue 17, sendTemplate) in the student's language, once per schedule entry and kind —
 * a `notices_sent` row (unique entry + kind) is taken before the email goes, and given back when it
 * could not be sent, so a run repeated (or two racing) never sends one twice.
 *
 * Which entries: unpaid entries of ACTIVE plans. A reminder of `d` days (params.daysBefore, default
 * [7, 1]) goes when the entry is due in d days — or a little less (params.catchUpDays, default 2) when
 * the job did not run that day — but never when a nearer reminder is due instead. A past-due notice of
 * `d` days (params.daysAfter, default [1, 15, 30]) likewise when the entry is d days past due (up to
 * catchUpDays more), before the next notice's day.
 */

type Kind = 'REMINDER' | 'PAST_DUE';

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export const REMINDER_TEMPLATE_KEY = ProductEmail.INSTALLMENT_REMINDER;
export const PAST_DUE_TEMPLATE_KEY = ProductEmail.PAST_DUE_NOTICE;

/** Days-from-today windows per notice day: [d, the day before the next notice's] with catch-up. */
function windows(kind: Kind, days: number[], catchUp: number): Array<{ days: number; from: number; to: number }> {
  const sorted = [...new Set(days)].sort((a, b) => a - b);
  return sorted.map((d, i) => {
    if (kind === 'REMINDER') {
      // Due in d days, or fewer (catch-up) but more than the next nearer reminder's days.
      // (Never the due day itself unless asked for: a reminder of 0 days.)
      const nearer = i > 0 ? sorted[i - 1] : -1;
      return { days: d, from: Math.max(nearer + 1, d - catchUp, Math.min(d, 1)), to: d };
    }
    const later = i < sorted.length - 1 ? sorted[i + 1] : Number.POSITIVE_INFINITY;
    return { days: d, from: d, to: Math.min(later - 1, d + catchUp) };
  });
}

async function takeNotice(paymentScheduleId: number, kind: string): Promise<NoticeSent | null> {
  try {
    return await NoticeSent.create({ paymentScheduleId, kind, outboxMessageId: null });
  } catch (err) {
    if (err instanceof UniqueConstraintError) return null;
    throw err;
  }
}

async function sendNotices(ctx: JobContext, kind: Kind): Promise<{ count: number }> {
  const deps: Deps = ctx.deps;
  const catchUp = numberParam(ctx.params, 'catchUpDays', 2);
  const days = kind === 'REMINDER' ? daysParam(ctx.params, 'daysBefore', [7, 1]) : daysParam(ctx.params, 'daysAfter', [1, 15, 30]);
  let sent = 0;
  for (const w of windows(kind, days, catchUp)) {
    if (w.from > w.to) continue;
    // Reminders: due between today + from and today + to; past due: due between today - to and today - from.
    const range: [string, string] = kind === 'REMINDER' ? [addDays(ctx.today, w.from), addDays(ctx.today, w.to)] : [addDays(ctx.today, -w.to), addDays(ctx.today, -w.from)];
    const noticeKind = `${kind}_${w.days}`;
    const entries = await PaymentSchedule.findAll({
      where: { status: { [Op.ne]: 'PAID' }, dueDate: { [Op.between]: range } },
      include: [
        {
          model: StudentPaymentPlan,
          as: 'plan',
          required: true,
          where: { status: 'ACTIVE' },
          attributes: ['id', 'name', 'studentId'],
          include: [{ model: Student, as: 'student', required: true, attributes: ['id', 'email', 'firstName', 'lastName', 'languageIso2LetterCode'] }],
        },
      ],
      order: [['id', 'ASC']],
    });
    const already = new Set(
      (await NoticeSent.findAll({ where: { paymentScheduleId: entries.map((e) => e.id), kind: noticeKind }, attributes: ['paymentScheduleId'], raw: true })).map(
        (n) => n.paymentScheduleId,
      ),
    );
    for (const entry of entries) {
      if (ctx.signal.aborted) return { count: sent };
      if (already.has(entry.id)) continue;
      const remaining = entryParts(entry, ctx.today).remaining;
      if (remaining <= 0) continue;
      const plan = (entry as PaymentSchedule & { plan: StudentPaymentPlan & { student: Student } }).plan;
      const student = plan.student;
      if (!student.email) continue;
      const taken = await takeNotice(entry.id, noticeKind);
      if (!taken) continue;
      const daysApart = Math.abs(Math.round((Date.parse(`${entry.dueDate}T00:00:00Z`) - Date.parse(`${ctx.today}T00:00:00Z`)) / 86_400_000));
      const key = kind === 'REMINDER' ? REMINDER_TEMPLATE_KEY : PAST_DUE_TEMPLATE_KEY;
      try {
        await sendTemplate(deps, {
          key,
          to: student.email,
          language: languageOf(student.languageIso2LetterCode),
          studentId: student.id,
          params: {
            ...instituteParams(deps.config),
            ...recipientParams(student),
            amount: formatMoney(remaining),
            dueDate: toDisplayDate(entry.dueDate),
            days: daysApart,
            tomorrow: daysApart === 1,
            oneDay: daysApart === 1,
            planName: plan.name,
          },
          about: { entityType: 'PAYMENT_SCHEDULE', entityId: entry.id },
        });
      } catch (err) {
        // Not sent: the notice is given back so the next run tries again.
        await taken.destroy();
        ctx.log.warn({ err, paymentScheduleId: entry.id, kind: noticeKind }, 'notice not sent');
        continue;
      }
      const message = await OutboxMessage.findOne({ where: { toAddress: student.email, templateKey: key }, order: [['id', 'DESC']], attributes: ['id'] });
      if (message) await taken.update({ outboxMessageId: message.id });
      sent += 1;
      ctx.progress(sent);
    }
  }
  return { count: sent };
}

export const installmentReminders = (ctx: JobContext) => sendNotices(ctx, 'REMINDER');
export const pastDueNotices = (ctx: JobContext) => sendNotices(ctx, 'PAST_DUE');
