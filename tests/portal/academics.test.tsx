/**
 * @database none
 * The portal's My progress and Awards (issue 21): the student's classes with graduation status in words,
 * requirements met of total and scores, the unofficial transcript; their awards and the available ones,
 * filtered all / certificates / badges, the certificate PDF; English and Spanish; the menu entries.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { awardsOf } from '../../portal/src/lib/academics-api';
import { academicsEn, academicsEs } from '../../portal/src/screens/academics/i18n';
import { billingFake, ok, refusal } from './billing-fake';
import { expectHeading, renderPortal, storeSession, studentRecord } from './helpers';

type Json = Record<string, unknown>;
const at = '2026-03-02T15:00:00.000Z';

function progress(id: number, over: Json = {}): Json {
  return {
    id,
    enrollmentId: id,
    student: { id: 7, firstName: 'Ana', lastName: 'López', email: 'ana@example.com' },
    programId: 3,
    programName: 'Health Coach Training',
    cohortId: 11,
    cohortLabel: 'HCTP 01-15-2026 - 12-15-2026',
    cohortEndDate: '2026-12-15',
    extendedGraduationDate: null,
    enrollmentStatus: 'ACTIVE',
    enrolledAt: at,
    graduationStatus: 'INCOMPLETE',
    graduationStatusAt: at,
    graduatedAt: null,
    graduationLate: false,
    graduatedByName: null,
    requirementsDone: 1,
    requirementsTotal: 2,
    score: 82.25,
    requirements: [
      { id: 1, name: 'Final quiz', type: 'QUIZ', displayOrder: 1, done: 1, total: 1, score: 82.25, minScore: 70, met: true, source: 'LMS', updatedAt: at },
      {
        id: 2,
        name: 'Coaching circles',
        type: 'COACHING_CIRCLE',
        displayOrder: 2,
        done: 3,
        total: 6,
        score: null,
        minScore: null,
        met: false,
        source: 'ATTENDANCE',
        updatedAt: at,
      },
    ],
    certificate: null,
    ...over,
  };
}

function certificate(id: number, over: Json = {}): Json {
  return {
    id,
    enrollmentId: 4,
    student: { id: 7, firstName: 'Ana', lastName: 'López', email: 'ana@example.com' },
    programId: 2,
    programName: 'Gut Health',
    cohortId: 9,
    cohortLabel: 'Gut Health 2025',
    name: 'Gut Health Certificate',
    status: 'ISSUED',
    provider: 'LOCAL',
    externalId: null,
    url: null,
    badgeUrl: null,
    hasFile: true,
    types: ['CERTIFICATE'],
    issuedAt: at,
    attempts: 1,
    lastError: null,
    createdAt: at,
    ...over,
  };
}

const awards = {
  awards: [
    certificate(21),
    certificate(22, {
      name: 'Hormone Badge',
      provider: 'ACCREDIBLE',
      hasFile: false,
      url: 'https://www.credential.net/xyz',
      badgeUrl: 'https://img.example.com/b.png',
      types: ['CERTIFICATE', 'BADGE'],
    }),
  ],
  available: [
    {
      enrollmentId: 5,
      programId: 3,
      programName: 'Health Coach Training',
      cohortLabel: 'HCTP 2026',
      type: 'CERTIFICATE',
      graduationStatus: 'INCOMPLETE',
      requirementsDone: 1,
      requirementsTotal: 2,
    },
  ],
};

function withBlobs(fetch: (url: string, init: RequestInit) => Promise<Response>) {
  return async (url: string, init: RequestInit) => {
    const response = await fetch(url, init);
    const text = await response.text();
    return Object.assign(response, { text: async () => text, blob: async () => new Blob([text], { type: 'application/pdf' }) });
  };
}

function academicsFake(opts: { language?: string; routes?: Record<string, unknown> } = {}) {
  return billingFake({
    routes: {
      'GET /students/7': ok(studentRecord({ languageIso2LetterCode: opts.language ?? 'EN' })),
      'GET /students/7/academic_progress': ok([progress(5), progress(4, { graduationStatus: 'GRADUATED', graduatedAt: at, requirementsDone: 2, requirements: [] })]),
      'GET /students/7/awards': ok(awards),
      'GET /enrollments/5/unofficial_transcript': { status: 200, body: '%PDF-1.7 transcript' },
      'GET /certifications/21/download': { status: 200, body: '%PDF-1.7 certificate' },
      ...(opts.routes as Record<string, never>),
    },
  });
}

let clicked: Array<{ href: string; download: string }>;

beforeEach(() => {
  localStorage.clear();
  clicked = [];
  Object.assign(URL, { createObjectURL: jest.fn(() => 'blob:file'), revokeObjectURL: jest.fn() });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.getAttribute('href') ?? '', download: this.download });
  });
});
afterEach(() => jest.restoreAllMocks());

test('the award filter keeps certificates or badges (a certificate with a badge image is both)', () => {
  const typed = awards as unknown as Parameters<typeof awardsOf>[0];
  expect(awardsOf(typed, 'ALL').mine.map((a) => a.id)).toEqual([21, 22]);
  expect(awardsOf(typed, 'BADGE').mine.map((a) => a.id)).toEqual([22]);
  expect(awardsOf(typed, 'BADGE').available).toEqual([]);
  expect(awardsOf(typed, 'CERTIFICATE').available).toHaveLength(1);
});

test('the screens’ texts exist in both languages with the same placeholders', () => {
  expect(Object.keys(academicsEs).sort()).toEqual(Object.keys(academicsEn).sort());
  const holes = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
  for (const key of Object.keys(academicsEn) as Array<keyof typeof academicsEn>) expect(holes(academicsEs[key])).toEqual(holes(academicsEn[key]));
});

test('the menu leads to My progress: each class with its status in words, requirements met of total, scores, and the transcript', async () => {
  storeSession();
  const fake = academicsFake();
  renderPortal('/home', withBlobs(fake.fetch));
  fireEvent.click(await screen.findByRole('link', { name: 'My progress' }));
  await expectHeading('My progress');
  const card = await screen.findByTestId('progress-5');
  expect(within(card).getByTestId('progress-5-status').textContent).toBe('Graduation status: Incomplete');
  expect(within(card).getByTestId('progress-5-summary').textContent).toBe('1 of 2 requirements met');
  expect(card.textContent).toContain('Average score: 82.25%');
  const quiz = screen.getByTestId('progress-5-requirements-1');
  expect(quiz.textContent).toContain('Quiz');
  expect(quiz.textContent).toContain('1 / 1');
  expect(quiz.textContent).toContain('82.25% (minimum 70%)');
  expect(quiz.textContent).toContain('Yes');
  expect(screen.getByTestId('progress-5-requirements-2').textContent).toContain('Not yet');
  expect(screen.getByTestId('progress-4-status').textContent).toBe('Graduation status: Graduated');
  expect(screen.getByTestId('progress-4').textContent).toContain('This program has no graduation requirements.');

  fireEvent.click(within(card).getByTestId('progress-5-transcript'));
  await waitFor(() => expect(clicked).toEqual([{ href: 'blob:file', download: 'unofficial-transcript-5.pdf' }]));
  expect(fake.callsTo('GET', '/enrollments/5/unofficial_transcript')[0].authorization).toBe('Bearer access-1');
});

test('a transcript that cannot be downloaded says so', async () => {
  storeSession();
  const fake = academicsFake({ routes: { 'GET /enrollments/5/unofficial_transcript': refusal(403, 'FORBIDDEN', 'Forbidden') } });
  renderPortal('/my-progress', withBlobs(fake.fetch));
  fireEvent.click(await screen.findByTestId('progress-5-transcript'));
  expect((await screen.findByTestId('progress-download-error')).textContent).toBe('The file could not be downloaded. Please try again.');
});

test('Awards: my awards and the available ones, filtered all / certificates / badges; the certificate PDF; Accredible’s credential', async () => {
  storeSession();
  const fake = academicsFake();
  renderPortal('/home', withBlobs(fake.fetch));
  fireEvent.click(await screen.findByRole('link', { name: 'Awards' }));
  await expectHeading('Awards');
  const mine = await screen.findByTestId('award-21');
  expect(mine.textContent).toContain('Gut Health Certificate');
  expect(mine.textContent).toContain('Certificate');
  expect(screen.getByTestId('award-22').textContent).toContain('Certificate · Badge');
  expect(screen.getByTestId('award-22-view').getAttribute('href')).toBe('https://www.credential.net/xyz');
  expect(screen.getByTestId('available-5-CERTIFICATE').textContent).toContain('1 of 2 requirements met · Incomplete');

  fireEvent.click(screen.getByTestId('awards-filter-BADGE'));
  await waitFor(() => expect(screen.queryByTestId('award-21')).toBeNull());
  expect(screen.getByTestId('award-22')).toBeTruthy();
  expect(screen.getByTestId('awards-available-none')).toBeTruthy();

  fireEvent.click(screen.getByTestId('awards-filter-CERTIFICATE'));
  fireEvent.click(await screen.findByTestId('award-21-download'));
  await waitFor(() => expect(clicked).toEqual([{ href: 'blob:file', download: 'certificate-21.pdf' }]));
  expect(fake.callsTo('GET', '/certifications/21/download')).toHaveLength(1);
});

test('in Spanish the screens, statuses and award types read in Spanish', async () => {
  storeSession({ language: 'ES' });
  const fake = academicsFake({ language: 'ES' });
  renderPortal('/my-progress', withBlobs(fake.fetch));
  await expectHeading('Mi progreso');
  expect((await screen.findByTestId('progress-5-status')).textContent).toBe('Estado de graduación: Incompleto');
  expect(screen.getByTestId('progress-5-summary').textContent).toBe('1 de 2 requisitos cumplidos');
  fireEvent.click(screen.getByRole('link', { name: 'Reconocimientos' }));
  await expectHeading('Reconocimientos');
  expect((await screen.findByTestId('award-22')).textContent).toContain('Certificado · Insignia');
  expect(screen.getByTestId('awards-filter-BADGE').textContent).toBe('Insignias');
});
