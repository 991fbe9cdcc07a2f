import { Op } from 'sequelize';
import {
  Administrator,
  Coach,
  CoachingCircle,
  CoachingCircleCoach,
  CoachingCircleSession,
  CoachingCircleSignUp,
  CoachingCircleSignUpSession,
  CoachingCircleType,
  Role,
  Student,
  User,
} from '../../models';
import { toDisplayDate } from '../../models/dates';
import { hasPermission } from '../../models/permissions';
import { DEFAULT_TIME_ZONE, localParts } from '../../domain/rules/circle-sign-ups';
import type { Deps } from '../common/context';
import { on, type EventHandler } from '../common/events';
import { instituteParams, languageOf, ProductEmail } from '../communication-templates/product-emails';
import { recipientParams } from '../communications/compose';
import { sendTemplate } from '../communications/send';
import { numberParam, type JobContext } from '../jobs/registry';

/**
 * The emails of coaching circle sign-ups (issue 19), from the templates of migration 0027 in the
 * recipient's language:
 * - CIRCLE_SESSION_REMINDERS (hourly job): every session starting within `hoursAhead` (24) hours not yet
 *   reminded → CIRCLE_SESSION_REMINDER to each student signed up for it (their group's join link) and
 *   CIRCLE_COACH_REMINDER to the coach of each group with students; the date and time in the
 *   recipient's time zone (the student's, else the circle's). Once per session and recipient: the
 *   intent's dedupe key, and the session marked `remindersSentAt` once done (a run that fails halfway is
 *   repeated by the next one and sends only what is missing).
 * - The absence alert (CircleAttendanceTaken): a record saved ABSENT whose previous session of the same
 *   sign-up was ABSENT too, and the one before that was not (one alert per streak) → CIRCLE_ABSENCE_ALERT
 *   to every administrator whose roles grant `coaching_circles:update`, once per record and administrator.
 */

const SIGN_UP_STUDENT = ['id', 'email', 'firstName', 'lastName', 'languageIso2LetterCode', 'timeZone'];

const time12 = (instant: Date, zone: string) => new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: '2-digit', hour12: true }).format(instant);

function when(instant: Date, zone: string) {
  return { date: toDisplayDate(localParts(instant, zone).date), time: time12(instant, zone), timeZone: zone };
}

type GroupLoaded = CoachingCircleCoach & { coach?: Coach & { student?: Student | null } };
type RecordLoaded = CoachingCircleSignUpSession & { signUp?: CoachingCircleSignUp & { student?: Student } };
type SessionLoaded = CoachingCircleSession & { circle?: CoachingCircle & { type?: CoachingCircleType | null } };

const circleName = (c: SessionLoaded['circle']) => c?.name || c?.type?.name || `#${c?.id ?? ''}`;
const fullName = (s: { firstName: string; lastName: string } | null | undefined) => (s ? `${s.firstName} ${s.lastName}`.trim() : '');

/** CIRCLE_SESSION_REMINDERS. */
export async function circleSessionReminders(ctx: JobContext): Promise<{ count: number }> {
  const deps: Deps = ctx.deps;
  const hours = numberParam(ctx.params, 'hoursAhead', 24);
  const now = new Date();
  const sessions = (await CoachingCircleSession.findAll({
    where: { startDateTime: { [Op.gt]: now, [Op.lte]: new Date(now.getTime() + hours * 3_600_000) }, remindersSentAt: null },
    include: [
      {
        model: CoachingCircle,
        as: 'circle',
        required: true,
        where: { published: true },
        attributes: ['id', 'name', 'timeZone', 'coachingCircleTypeId'],
        include: [{ model: CoachingCircleType, as: 'type', attributes: ['id', 'name'] }],
      },
    ],
    order: [['startDateTime', 'ASC']],
  })) as SessionLoaded[];
  let sent = 0;
  for (const session of sessions) {
    if (ctx.signal.aborted) break;
    const circle = session.circle!;
    const records = (await CoachingCircleSignUpSession.findAll({
      where: { coachingCircleSessionId: session.id },
      include: [
        {
          model: CoachingCircleSignUp,
          as: 'signUp',
          required: true,
          where: { leftAt: null },
          attributes: ['id', 'studentId'],
          include: [{ model: Student, as: 'student', attributes: SIGN_UP_STUDENT }],
        },
      ],
      order: [['id', 'ASC']],
    })) as RecordLoaded[];
    const groupIds = [...new Set(records.map((r) => r.coachingCircleCoachId))];
    const groups = (await CoachingCircleCoach.findAll({
      where: { id: groupIds },
      include: [{ model: Coach, as: 'coach', attributes: ['id', 'studentId'], include: [{ model: Student, as: 'student', attributes: SIGN_UP_STUDENT }] }],
    })) as GroupLoaded[];
    const groupOf = new Map(groups.map((g) => [g.id, g]));
    const base = { ...instituteParams(deps.config), circle: circleName(circle), sessionNumber: session.sessionNumber };
    for (const r of records) {
      const student = r.signUp?.student;
      const group = groupOf.get(r.coachingCircleCoachId);
      if (!student?.email) continue;
      await sendTemplate(deps, {
        key: ProductEmail.CIRCLE_SESSION_REMINDER,
        to: student.email,
        language: languageOf(student.languageIso2LetterCode),
        studentId: student.id,
        params: {
          ...base,
          ...recipientParams(student),
          ...when(session.startDateTime, student.timeZone || circle.timeZone || DEFAULT_TIME_ZONE),
          coach: fullName(group?.coach?.student),
          joinUrl: group?.webConferenceUrl || `${deps.config.PUBLIC_URL}/coaching-circles`,
        },
        dedupeKey: `${ProductEmail.CIRCLE_SESSION_REMINDER}:${session.id}:${student.id}`,
      });
      sent += 1;
    }
    for (const group of groups) {
      const coach = group.coach?.student;
      if (!coach?.email) continue;
      const students = records
        .filter((r) => r.coachingCircleCoachId === group.id)
        .map((r) => fullName(r.signUp?.student))
        .join(', ');
      await sendTemplate(deps, {
        key: ProductEmail.CIRCLE_COACH_REMINDER,
        to: coach.email,
        language: languageOf(coach.languageIso2LetterCode),
        studentId: coach.id,
        params: {
          ...base,
          ...recipientParams(coach),
          ...when(session.startDateTime, coach.timeZone || circle.timeZone || DEFAULT_TIME_ZONE),
          students,
          joinUrl: group.webConferenceUrl || `${deps.config.PUBLIC_URL}/coaching-circles`,
        },
        dedupeKey: `${ProductEmail.CIRCLE_COACH_REMINDER}:${session.id}:${group.id}`,
      });
      sent += 1;
    }
    await session.update({ remindersSentAt: new Date() });
    ctx.progress(sent);
  }
  return { count: sent };
}

/** The administrators an absence alert goes to: active, not deleted, holding `coaching_circles:update` through a role. */
async function alertRecipients(): Promise<Administrator[]> {
  const roles = (await Role.findAll({ attributes: ['id', 'permissions'] })).filter((r) => hasPermission(r.permissions ?? [], 'coaching_circles:update'));
  if (!roles.length) return [];
  return Administrator.findAll({
    where: { deletedAt: null },
    include: [
      { model: Role, as: 'roles', attributes: ['id'], where: { id: roles.map((r) => r.id) }, through: { attributes: [] }, required: true },
      { model: User, as: 'user', attributes: ['id'], where: { active: true }, required: true },
    ],
    attributes: ['id', 'email', 'firstName', 'lastName'],
    order: [['id', 'ASC']],
  });
}

type AbsentLoaded = CoachingCircleSignUpSession & {
  session?: CoachingCircleSession;
  signUp?: CoachingCircleSignUp & { student?: Student; circle?: CoachingCircle & { type?: CoachingCircleType | null } };
};

export function circleSignUpEventHandlers(deps: Deps): EventHandler[] {
  return [
    on({
      name: 'circleSignUps.absenceAlert',
      type: 'CircleAttendanceTaken',
      async handle(event, { transaction }) {
        const absent = event.records.filter((r) => r.status === 'ABSENT').map((r) => r.coachingCircleSignUpSessionId);
        if (!absent.length) return;
        const rows = (await CoachingCircleSignUpSession.findAll({
          where: { id: absent, status: 'ABSENT' },
          include: [
            { model: CoachingCircleSession, as: 'session', required: true },
            {
              model: CoachingCircleSignUp,
              as: 'signUp',
              required: true,
              include: [
                { model: Student, as: 'student', attributes: SIGN_UP_STUDENT },
                { model: CoachingCircle, as: 'circle', attributes: ['id', 'name', 'timeZone'], include: [{ model: CoachingCircleType, as: 'type', attributes: ['id', 'name'] }] },
              ],
            },
          ],
          transaction,
        })) as AbsentLoaded[];
        let recipients: Administrator[] | null = null;
        for (const row of rows) {
          const earlier = (await CoachingCircleSignUpSession.findAll({
            where: { coachingCircleSignUpId: row.coachingCircleSignUpId },
            include: [{ model: CoachingCircleSession, as: 'session', required: true, where: { startDateTime: { [Op.lt]: row.session!.startDateTime } } }],
            order: [[{ model: CoachingCircleSession, as: 'session' }, 'startDateTime', 'DESC']],
            limit: 2,
            transaction,
          })) as AbsentLoaded[];
          // Two in a row, and the alert once per streak: the one before the previous was not missed.
          if (earlier[0]?.status !== 'ABSENT' || earlier[1]?.status === 'ABSENT') continue;
          recipients ??= await alertRecipients();
          const student = row.signUp!.student!;
          const circle = row.signUp!.circle;
          const group = (await CoachingCircleCoach.findByPk(row.coachingCircleCoachId, {
            include: [{ model: Coach, as: 'coach', attributes: ['id'], include: [{ model: Student, as: 'student', attributes: ['id', 'firstName', 'lastName'] }] }],
            transaction,
          })) as GroupLoaded | null;
          const zone = circle?.timeZone || DEFAULT_TIME_ZONE;
          const dates = [earlier[0].session!, row.session!].map((s) => `${when(s.startDateTime, zone).date} ${when(s.startDateTime, zone).time}`).join(', ');
          for (const admin of recipients) {
            await sendTemplate(deps, {
              key: ProductEmail.CIRCLE_ABSENCE_ALERT,
              to: admin.email,
              language: 'EN',
              params: {
                ...instituteParams(deps.config),
                ...recipientParams(admin),
                student: fullName(student),
                studentEmail: student.email,
                circle: circle?.name || circle?.type?.name || `#${row.signUp!.coachingCircleId}`,
                coach: fullName(group?.coach?.student),
                dates,
              },
              dedupeKey: `${ProductEmail.CIRCLE_ABSENCE_ALERT}:${row.id}:${admin.id}`,
              transaction,
            });
          }
        }
      },
    }),
  ];
}
