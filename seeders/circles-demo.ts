/**
 * Demo coaching circles (issue 19): a weekly circle type, and two published circles of it for the class
 * the paying demo student (enrolled@example.com) is enrolled in — Tuesday and Thursday evenings from the
 * class's start, led by the demo coach (coach@example.com) with a web conference link — and that student
 * signed up to the Tuesday circle, with a PENDING attendance record for each session. Sessions are laid
 * by the same rules the API uses (domain/rules/coaching-circles.ts), skipping the class's skipped dates.
 * And two learning sessions for the class with the same coach: a published workshop two weeks from now
 * the student signed up to, and an unpublished Spanish Q&A that publishes itself a week from now.
 * Idempotent: nothing is added when the type exists.
 */
import type { Transaction } from 'sequelize';
import {
  Coach,
  CoachingCircle,
  CoachingCircleCoach,
  CoachingCircleScope,
  CoachingCircleSession,
  CoachingCircleSignUp,
  CoachingCircleSignUpSession,
  CoachingCircleType,
  Cohort,
  Enrollment,
  LearningSession,
  LearningSessionScope,
  LearningSessionSignUp,
  SkippedCoachingCircleSession,
  Student,
  User,
} from '../models';
import { DEFAULT_ZONE, endTimeOf, planSessions } from '../domain/rules/coaching-circles';

export const DEMO_CIRCLE_TYPE = 'Weekly coaching circle';
const SYSTEM = { updatedById: null, updatedByName: 'System' };

/** The weekday on or after `day` (YYYY-MM-DD): 0 Sunday … 6 Saturday. */
function onOrAfter(day: string, weekday: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + ((weekday - d.getUTCDay() + 7) % 7));
  return d.toISOString().slice(0, 10);
}

export async function seedCirclesDemo(transaction: Transaction, studentEmail: string, coachEmail: string): Promise<void> {
  if (await CoachingCircleType.count({ where: { name: DEMO_CIRCLE_TYPE }, transaction })) return;
  const studentUser = await User.findOne({ where: { email: studentEmail }, transaction });
  const coachUser = await User.findOne({ where: { email: coachEmail }, transaction });
  const student = studentUser && (await Student.findOne({ where: { userId: studentUser.id }, transaction }));
  const coach = coachUser && (await Coach.findOne({ where: { userId: coachUser.id }, transaction }));
  const enrollment = student && (await Enrollment.findOne({ where: { studentId: student.id, status: 'ACTIVE' }, order: [['id', 'ASC']], transaction }));
  const cohort = enrollment && (await Cohort.findByPk(enrollment.cohortId, { transaction }));
  if (!student || !coach || !enrollment || !cohort?.startDate) return;

  const type = await CoachingCircleType.create(
    {
      name: DEMO_CIRCLE_TYPE,
      description: 'Twelve weekly hours with a coach and a small group: practice the week’s module and bring your questions.',
      sessions: 12,
      maxStudents: 10,
      frequency: 1,
      frequencyUnit: 'WEEKS',
      duration: 60,
      ...SYSTEM,
    },
    { transaction },
  );
  const skipped = (await SkippedCoachingCircleSession.findAll({ where: { cohortId: cohort.id }, transaction }))
    .filter((s) => s.coachingCircleTypeId === null || s.coachingCircleTypeId === type.id)
    .map((s) => s.sessionDate);
  const circles: CoachingCircle[] = [];
  for (const [name, weekday, startTime] of [
    ['Tuesday evening circle', 2, '18:00'],
    ['Thursday evening circle', 4, '19:30'],
  ] as const) {
    const startDate = onOrAfter(cohort.startDate, weekday);
    const circle = await CoachingCircle.create(
      {
        coachingCircleTypeId: type.id,
        cohortId: cohort.id,
        name,
        sessions: type.sessions,
        maxStudents: type.maxStudents,
        frequency: type.frequency,
        frequencyUnit: type.frequencyUnit,
        duration: type.duration,
        startDate,
        startTime,
        endTime: endTimeOf(startTime, type.duration),
        timeZone: DEFAULT_ZONE,
        openDate: null,
        closeDate: null,
        skipSessionsFromCohortConfig: true,
        published: true,
        publishedAt: new Date(),
        ...SYSTEM,
      },
      { transaction },
    );
    await CoachingCircleScope.create({ coachingCircleId: circle.id, cohortId: cohort.id }, { transaction });
    const planned = planSessions({
      startDate,
      startTime,
      duration: type.duration,
      sessions: type.sessions,
      frequency: type.frequency,
      frequencyUnit: type.frequencyUnit,
      timeZone: DEFAULT_ZONE,
      skippedDates: skipped,
    });
    await CoachingCircleSession.bulkCreate(
      planned.map((s) => ({ coachingCircleId: circle.id, sessionNumber: s.sessionNumber, startDateTime: s.startDateTime, endDateTime: s.endDateTime })),
      { transaction },
    );
    await CoachingCircleCoach.create(
      {
        coachingCircleId: circle.id,
        coachId: coach.id,
        webConferenceUrl: coach.coachWebConferenceUrl ?? 'https://meet.example.com/coaching-circle',
        maxStudents: type.maxStudents,
        ...SYSTEM,
      },
      { transaction },
    );
    circles.push(circle);
  }

  // The paying demo student in the Tuesday circle's group.
  const tuesday = circles[0];
  const group = (await CoachingCircleCoach.findOne({ where: { coachingCircleId: tuesday.id }, transaction }))!;
  const signUp = await CoachingCircleSignUp.create(
    { coachingCircleId: tuesday.id, coachingCircleCoachId: group.id, studentId: student.id, enrollmentId: enrollment.id, ...SYSTEM },
    { transaction },
  );
  const sessions = await CoachingCircleSession.findAll({ where: { coachingCircleId: tuesday.id }, order: [['startDateTime', 'ASC']], transaction });
  await CoachingCircleSignUpSession.bulkCreate(
    sessions.map((s, i) =>
      // The first session, once held, with the coach's attendance and a note (the coach's "My comments").
      i === 0 && s.endDateTime.getTime() < Date.now()
        ? {
            coachingCircleSignUpId: signUp.id,
            coachingCircleSessionId: s.id,
            coachingCircleCoachId: group.id,
            status: 'ATTENDED' as const,
            participation: 'Active',
            notes: 'Shared her weekly sleep plan; follow up on the evening routine next session.',
            ...SYSTEM,
          }
        : { coachingCircleSignUpId: signUp.id, coachingCircleSessionId: s.id, coachingCircleCoachId: group.id, ...SYSTEM },
    ),
    { transaction },
  );

  // Learning sessions: a published workshop (the student signed up) and a Q&A that publishes itself.
  const inDays = (days: number, hourUtc: number) => {
    const at = new Date(Date.now() + days * 86_400_000);
    at.setUTCHours(hourUtc, 0, 0, 0);
    return at;
  };
  const workshop = await LearningSession.create(
    {
      type: 'WORKSHOP',
      title: 'Motivational interviewing in practice',
      description: 'A live workshop: open questions, reflections and summaries, practised in pairs.',
      coachId: coach.id,
      maxStudents: 10,
      startDateTime: inDays(14, 23),
      duration: 90,
      language: 'EN',
      webConferenceUrl: coach.coachWebConferenceUrl ?? 'https://meet.example.com/workshop',
      published: true,
      publishedAt: new Date(),
      autoPublishDate: null,
      ...SYSTEM,
    },
    { transaction },
  );
  const qa = await LearningSession.create(
    {
      type: 'Q_AND_A',
      title: 'Preguntas y respuestas: hábitos y sueño',
      description: 'Traiga sus preguntas sobre el módulo de hábitos y sueño.',
      coachId: coach.id,
      maxStudents: 10,
      startDateTime: inDays(21, 22),
      duration: 60,
      language: 'ES',
      webConferenceUrl: coach.coachWebConferenceUrl ?? 'https://meet.example.com/qa',
      published: false,
      publishedAt: null,
      autoPublishDate: inDays(7, 13),
      ...SYSTEM,
    },
    { transaction },
  );
  await LearningSessionScope.bulkCreate(
    [workshop, qa].map((session) => ({ learningSessionId: session.id, cohortId: cohort.id })),
    { transaction },
  );
  await LearningSessionSignUp.create({ learningSessionId: workshop.id, studentId: student.id, ...SYSTEM }, { transaction });
}
