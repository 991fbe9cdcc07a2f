import { CohortModule, ProgramModule } from '../../models';
import { enumLabel } from '../../models/labels';
import { toDisplayDate } from '../../models/dates';
import { schoolToday } from '../../models/catalogue';
import { renderPdf } from '../common/pdf';
import { AppError } from '../common/errors';
import { academicRowOf, type AcademicRow } from './academics.service';

/**
 * GET /enrollments/{id}/unofficial_transcript (issue 21): a PDF of the enrollment — the student, the
 * program and class with their dates, the graduation status and date, the class's modules (else the
 * program's) with their open and close dates, and every graduation requirement with done of total, the
 * score and when it was last recorded. Unofficial: it says so on every page. The embedded Unicode font
 * prints names in Latin, Greek or Cyrillic scripts.
 */

const day = (d: Date | string | null | undefined) => (d ? toDisplayDate(schoolToday(new Date(d))) : '—');

interface ModuleLine {
  title: string;
  group: string | null;
  opens: Date | null;
  closes: Date | null;
}

async function modulesOf(row: AcademicRow): Promise<ModuleLine[]> {
  const order: Array<[string, string]> = [
    ['displayOrder', 'ASC'],
    ['id', 'ASC'],
  ];
  const own = await CohortModule.findAll({ where: { cohortId: row.cohortId }, order, limit: 500 });
  const list = own.length ? own : await ProgramModule.findAll({ where: { programId: row.programId }, order, limit: 500 });
  return list.map((m) => ({ title: m.title, group: m.groupName, opens: m.openDate ?? m.startDateTime, closes: m.closeDate ?? m.endDateTime }));
}

/** The transcript's file name and bytes. */
export async function unofficialTranscript(enrollmentId: number): Promise<{ fileName: string; pdf: Buffer }> {
  const row = await academicRowOf(enrollmentId);
  if (!row) throw AppError.notFound('Enrollment');
  const modules = await modulesOf(row);
  const student = row.student ? `${row.student.firstName} ${row.student.lastName}` : '';
  const pdf = await renderPdf({ size: 'LETTER', margin: 54, info: { Title: `Unofficial transcript — ${student}`, Subject: `Enrollment ${row.id}` } }, (doc) => {
    const left = doc.page.margins.left;
    const width = doc.page.width - left - doc.page.margins.right;
    doc.font('Bold').fontSize(18).text('Unofficial Transcript', { align: 'center' });
    doc
      .font('Body')
      .fontSize(9)
      .fillColor('#555555')
      .text(`Issued ${toDisplayDate(schoolToday())} · not an official record`, { align: 'center' });
    doc.fillColor('black').moveDown(1.2);
    const field = (label: string, value: string) => {
      doc.font('Bold').fontSize(10).text(`${label}: `, { continued: true });
      doc.font('Body').text(value);
    };
    field('Student', student);
    field('Email', row.student?.email ?? '');
    field('Student ID', String(row.student?.id ?? ''));
    field('Program', row.programName ?? '');
    field('Class', row.cohortLabel ?? '');
    field('Enrolled', day(row.enrolledAt));
    field('Class end', row.cohortEndDate ? toDisplayDate(row.cohortEndDate) : '—');
    field('Graduation status', enumLabel('GraduationStatus', row.graduationStatus));
    if (row.graduatedAt) field('Graduated', day(row.graduatedAt));
    field('Requirements met', `${row.requirementsDone} of ${row.requirementsTotal}`);
    field('Average score', row.score === null ? '—' : `${row.score.toFixed(2)}%`);

    const table = (title: string, headers: string[], widths: number[], rows: string[][]) => {
      doc.moveDown(1);
      doc.font('Bold').fontSize(12).text(title, left, doc.y);
      doc.moveDown(0.3);
      const line = (cells: string[], bold: boolean) => {
        if (doc.y > doc.page.height - doc.page.margins.bottom - 30) doc.addPage();
        const y = doc.y;
        let x = left;
        let bottom = y;
        cells.forEach((cell, i) => {
          const w = widths[i] * width;
          doc
            .font(bold ? 'Bold' : 'Body')
            .fontSize(9)
            .text(cell, x, y, { width: w - 6 });
          bottom = Math.max(bottom, doc.y);
          x += w;
        });
        doc.x = left;
        doc.y = bottom + 3;
      };
      line(headers, true);
      doc
        .moveTo(left, doc.y - 1)
        .lineTo(left + width, doc.y - 1)
        .strokeColor('#999999')
        .stroke();
      if (!rows.length) line(['None'], false);
      for (const r of rows) line(r, false);
    };
    table(
      'Modules',
      ['Module', 'Group', 'Opens', 'Closes'],
      [0.46, 0.22, 0.16, 0.16],
      modules.map((m) => [m.title, m.group ?? '', day(m.opens), day(m.closes)]),
    );
    table(
      'Graduation requirements',
      ['Requirement', 'Type', 'Done', 'Score', 'Met', 'Recorded'],
      [0.34, 0.18, 0.12, 0.12, 0.08, 0.16],
      row.requirements.map((r) => [
        r.name,
        enumLabel('GraduationRequirementType', r.type),
        `${r.done} / ${r.total}`,
        r.score === null ? '—' : `${r.score.toFixed(2)}%`,
        r.met ? 'Yes' : 'No',
        day(r.updatedAt),
      ]),
    );
  });
  return { fileName: `unofficial-transcript-${row.id}.pdf`, pdf };
}
