import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { uploadAnswer } from '../../domain/contract/files';
import { applicationAnswer } from '../../domain/contract/applications';
import { MAX_UPLOAD_BYTES } from '../../domain/rules/files';
import { Application, Role, StoredFile } from '../../models';
import { Messages, format } from '../../models/messages';
import { setupApp, type TestApp } from '../support/app';
import { makeApplicant, makeApplication, makeEnrollableProduct } from '../support/enrollment-factories';
import { bearer, makeAdmin, unique } from '../support/factories';
import { startLocalS3, type LocalS3 } from '../support/s3';

/**
 * The file calls (issue 20): POST /files (multipart, field `object`, 20 MB, type by content),
 * GET /files/{id}, GET /files/download?fileName=, DELETE /files?fileName=, who reaches which file,
 * and an application's document linked to its upload. Each test asserts the answer and what is left
 * in the database and in storage.
 */

let t: TestApp;
let staff: Awaited<ReturnType<typeof makeAdmin>>;
beforeAll(async () => {
  t = await setupApp();
  staff = await makeAdmin(t.deps);
});
afterAll(() => t.close());

const api = () => request(t.app);

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000001e221bc330000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const JPEG = Buffer.concat([Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'), Buffer.alloc(64), Buffer.from('ffd9', 'hex')]);
const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000b800000000000000400000000000000000', 'hex'), Buffer.alloc(256)]);
const CSV = Buffer.from('name,email,amount\nAna López,ana@example.com,12.50\n');
const DOCX = fs.readFileSync(path.join(__dirname, '../support/fixtures/sample.docx'));

/** Every object in the app's storage folder. */
function storedObjects(): string[] {
  const root = t.deps.config.STORAGE_DIR;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(root, f)).isFile());
}

const upload = (token: string, body: Buffer, name: string, query: Record<string, string | number> = {}) =>
  api().post('/api/files').query(query).set(bearer(token)).attach('object', body, name);

async function uploaded(token: string, body: Buffer, name: string, query: Record<string, string | number> = {}) {
  const res = await upload(token, body, name, query);
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body as { id: number; fileName: string; contentType: string };
}

/** An administrator whose role has only the given permissions. */
async function staffWith(permissions: string[]) {
  const role = await Role.create({ name: unique('FILES_'), description: null, permissions, updatedById: null, updatedByName: null });
  return makeAdmin(t.deps, { roles: [role.name] });
}

describe('POST /files', () => {
  test('a student uploads a PDF: 201 with its fileName; the row names the student, the bytes are in storage', async () => {
    const applicant = await makeApplicant(t.deps);
    const res = await upload(applicant.token, PDF, 'Licencia médica.pdf');
    expect(res.status).toBe(201);
    expect(uploadAnswer.parse(res.body)).toMatchObject({
      originalName: 'Licencia médica.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      purpose: 'DOCUMENT',
      studentId: applicant.student.id,
    });
    expect(res.body.fileName).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.pdf$/);
    const row = await StoredFile.findByPk(res.body.id);
    expect(row).toMatchObject({ fileName: res.body.fileName, studentId: applicant.student.id, ownerUserId: applicant.user.id, purpose: 'DOCUMENT', size: PDF.length });
    expect(await t.deps.storage.stat(res.body.fileName)).toEqual({ size: PDF.length });
  });

  test('staff upload an image (purpose IMAGE) and a document for a student (studentId)', async () => {
    const applicant = await makeApplicant(t.deps);
    const image = await upload(staff.token, JPEG, 'cohort.jpeg', { purpose: 'IMAGE' });
    expect(image.status).toBe(201);
    expect(image.body).toMatchObject({ contentType: 'image/jpeg', purpose: 'IMAGE', studentId: null });
    expect(image.body.fileName).toMatch(/\.jpg$/);
    const doc = await upload(staff.token, PDF, 'id.pdf', { studentId: applicant.student.id });
    expect(doc.status).toBe(201);
    expect(await StoredFile.findByPk(doc.body.id)).toMatchObject({ studentId: applicant.student.id, ownerUserId: staff.user.id });
  });

  test('the type comes from the content, never the name: PNG bytes named .pdf are stored as PNG; CSV and DOCX are recognised', async () => {
    const png = await uploaded(staff.token, PNG, 'scan.pdf');
    expect(png.contentType).toBe('image/png');
    expect(png.fileName).toMatch(/\.png$/);
    expect((await StoredFile.findByPk(png.id))!.originalName).toBe('scan.pdf');
    const csv = await uploaded(staff.token, CSV, 'list.txt');
    expect(csv.contentType).toBe('text/csv');
    const docx = await uploaded(staff.token, DOCX, 'letter');
    expect(docx.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(docx.fileName).toMatch(/\.docx$/);
  });

  test('an .exe renamed .pdf, plain text and an empty file are refused (400 on object) and nothing is stored', async () => {
    const before = { rows: await StoredFile.count(), objects: storedObjects().length };
    for (const [body, name] of [
      [EXE, 'invoice.pdf'],
      [Buffer.from('just some words, no table\n'.replace(',', '')), 'notes.csv'],
      [Buffer.alloc(0), 'empty.pdf'],
    ] as const) {
      const res = await upload(staff.token, body, name);
      expect([name, res.status, res.body.errors]).toEqual([name, 400, { object: Messages.FILE_TYPE_NOT_ALLOWED }]);
    }
    expect(await StoredFile.count()).toBe(before.rows);
    expect(storedObjects().length).toBe(before.objects);
  });

  test('20 MB is accepted; 20 MB and one byte is 413 with nothing stored', async () => {
    const exactly = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES - PDF.length, 0x20)]);
    const ok = await upload(staff.token, exactly, 'big.pdf');
    expect(ok.status).toBe(201);
    expect(ok.body.size).toBe(MAX_UPLOAD_BYTES);
    expect(await t.deps.storage.stat(ok.body.fileName)).toEqual({ size: MAX_UPLOAD_BYTES });

    const before = { rows: await StoredFile.count(), objects: storedObjects().length };
    const over = Buffer.concat([exactly, Buffer.from(' ')]);
    const res = await upload(staff.token, over, 'too-big.pdf');
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', errors: { object: format(Messages.FILE_TOO_LARGE, 20) } });
    expect(await StoredFile.count()).toBe(before.rows);
    expect(storedObjects().length).toBe(before.objects);
  });

  test('400: no file, a file in another field, a text field, two files, a bad purpose or student; nothing stored', async () => {
    const before = { rows: await StoredFile.count(), objects: storedObjects().length };
    const noFile = await api().post('/api/files').set(bearer(staff.token)).field('note', 'x');
    expect([noFile.status, noFile.body.errors]).toEqual([400, { note: Messages.UNKNOWN_FIELD }]);
    const other = await api().post('/api/files').set(bearer(staff.token)).attach('file', PDF, 'a.pdf');
    expect([other.status, other.body.errors]).toEqual([400, { file: Messages.UNKNOWN_FIELD }]);
    const withField = await api().post('/api/files').set(bearer(staff.token)).attach('object', PDF, 'a.pdf').field('purpose', 'IMAGE');
    expect([withField.status, withField.body.errors]).toEqual([400, { purpose: Messages.UNKNOWN_FIELD }]);
    const two = await api().post('/api/files').set(bearer(staff.token)).attach('object', PDF, 'a.pdf').attach('object', PNG, 'b.png');
    expect([two.status, two.body.errors]).toEqual([400, { object: Messages.ONE_FILE_ONLY }]);
    const purpose = await upload(staff.token, PDF, 'a.pdf', { purpose: 'EXPORT' });
    expect([purpose.status, purpose.body.errors]).toEqual([400, { purpose: Messages.INVALID_VALUE }]);
    const student = await upload(staff.token, PDF, 'a.pdf', { studentId: 99999999 });
    expect([student.status, student.body.errors]).toEqual([400, { studentId: Messages.INVALID_VALUE }]);
    expect(await StoredFile.count()).toBe(before.rows);
    expect(storedObjects().length).toBe(before.objects);
  });

  test('a body that is not multipart is 415; none at all is 415 too', async () => {
    const json = await api().post('/api/files').set(bearer(staff.token)).send({ object: 'x' });
    expect(json.status).toBe(415);
    expect(json.body.message).toBe(Messages.UPLOAD_MEDIA_TYPE);
    const none = await api().post('/api/files').set(bearer(staff.token));
    expect(none.status).toBe(415);
  });

  test('401 without a token; 403 for a student uploading an image or for another student; nothing stored', async () => {
    const before = await StoredFile.count();
    expect((await api().post('/api/files').attach('object', PDF, 'a.pdf')).status).toBe(401);
    const applicant = await makeApplicant(t.deps);
    const other = await makeApplicant(t.deps);
    expect((await upload(applicant.token, PNG, 'me.png', { purpose: 'IMAGE' })).status).toBe(403);
    expect((await upload(applicant.token, PDF, 'a.pdf', { studentId: other.student.id })).status).toBe(403);
    expect(await StoredFile.count()).toBe(before);
  });
});

describe('GET /files/{id} and GET /files/download?fileName=', () => {
  test('staff and the owning student get the bytes with the type and the original name', async () => {
    const applicant = await makeApplicant(t.deps);
    const file = await uploaded(applicant.token, PDF, 'Mi título.pdf');
    for (const token of [staff.token, applicant.token]) {
      const res = await api().get(`/api/files/${file.id}`).set(bearer(token)).buffer(true);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(PDF.length));
      expect(res.headers['content-disposition']).toBe(`attachment; filename="Mi t_tulo.pdf"; filename*=UTF-8''${encodeURIComponent('Mi título.pdf')}`);
      expect(Buffer.from(res.body).equals(PDF)).toBe(true);
      const byKey = await api().get('/api/files/download').query({ fileName: file.fileName }).set(bearer(token)).buffer(true);
      expect(byKey.status).toBe(200);
      expect(Buffer.from(byKey.body).equals(PDF)).toBe(true);
    }
  });

  test("a student cannot read another student's document (404 as if none), but reads the catalogue's images", async () => {
    const owner = await makeApplicant(t.deps);
    const other = await makeApplicant(t.deps);
    const doc = await uploaded(owner.token, PDF, 'mine.pdf');
    expect((await api().get(`/api/files/${doc.id}`).set(bearer(other.token))).status).toBe(404);
    expect((await api().get('/api/files/download').query({ fileName: doc.fileName }).set(bearer(other.token))).status).toBe(404);
    const staffDoc = await uploaded(staff.token, PDF, 'staff-only.pdf');
    expect((await api().get(`/api/files/${staffDoc.id}`).set(bearer(other.token))).status).toBe(404);
    const image = await uploaded(staff.token, PNG, 'program.png', { purpose: 'IMAGE' });
    expect((await api().get(`/api/files/${image.id}`).set(bearer(other.token))).status).toBe(200);
  });

  test('an export needs exports:read (403 without); 401 without a token; 404 for no such file; 400 for a bad id or no fileName', async () => {
    const key = `exports/test/${unique('e')}.csv`;
    await t.deps.storage.put(key, (await import('node:stream')).Readable.from([CSV]));
    const exported = await StoredFile.create({
      fileName: key,
      originalName: 'students.csv',
      contentType: 'text/csv',
      size: CSV.length,
      purpose: 'EXPORT',
      ownerUserId: staff.user.id,
      studentId: null,
    });
    const noExports = await staffWith(['students:read']);
    expect((await api().get(`/api/files/${exported.id}`).set(bearer(noExports.token))).status).toBe(403);
    expect((await api().get('/api/files/download').query({ fileName: key }).set(bearer(noExports.token))).status).toBe(403);
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await api().get(`/api/files/${exported.id}`).set(bearer(support.token))).status).toBe(200);
    expect((await api().get(`/api/files/${exported.id}`)).status).toBe(401);
    expect((await api().get('/api/files/download').query({ fileName: key })).status).toBe(401);
    expect((await api().get('/api/files/99999999').set(bearer(staff.token))).status).toBe(404);
    expect((await api().get('/api/files/download').query({ fileName: 'uploads/none.pdf' }).set(bearer(staff.token))).status).toBe(404);
    expect((await api().get('/api/files/abc').set(bearer(staff.token))).status).toBe(400);
    const noName = await api().get('/api/files/download').set(bearer(staff.token));
    expect([noName.status, noName.body.errors]).toEqual([400, { fileName: Messages.REQUIRED }]);
  });
});

describe('DELETE /files?fileName=', () => {
  test('the owning student deletes their document: 204, the row and the object are gone', async () => {
    const applicant = await makeApplicant(t.deps);
    const file = await uploaded(applicant.token, PDF, 'old.pdf');
    const res = await api().delete('/api/files').query({ fileName: file.fileName }).set(bearer(applicant.token));
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await StoredFile.findByPk(file.id)).toBeNull();
    expect(await t.deps.storage.stat(file.fileName)).toBeNull();
  });

  test("404 for another student's file or none; 401 without a token; 403 for an export without exports:delete; 400 without fileName", async () => {
    const owner = await makeApplicant(t.deps);
    const other = await makeApplicant(t.deps);
    const file = await uploaded(owner.token, PDF, 'keep.pdf');
    expect((await api().delete('/api/files').query({ fileName: file.fileName }).set(bearer(other.token))).status).toBe(404);
    expect((await api().delete('/api/files').query({ fileName: file.fileName })).status).toBe(401);
    expect((await api().delete('/api/files').query({ fileName: 'uploads/none.pdf' }).set(bearer(staff.token))).status).toBe(404);
    expect((await api().delete('/api/files').set(bearer(staff.token))).status).toBe(400);
    const exported = await StoredFile.create({
      fileName: `exports/test/${unique('e')}.csv`,
      originalName: 'x.csv',
      contentType: 'text/csv',
      size: 1,
      purpose: 'EXPORT',
      ownerUserId: null,
      studentId: null,
    });
    const support = await makeAdmin(t.deps, { roles: ['SUPPORT'] });
    expect((await api().delete('/api/files').query({ fileName: exported.fileName }).set(bearer(support.token))).status).toBe(403);
    expect(await StoredFile.findByPk(file.id)).not.toBeNull();
    expect(await StoredFile.findByPk(exported.id)).not.toBeNull();
    expect(await t.deps.storage.stat(file.fileName)).toEqual({ size: PDF.length });
  });

  test('409 FILE_IN_USE while an application names the file as its document; staff delete it once the application lets go', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, await makeEnrollableProduct());
    const file = await uploaded(applicant.token, PDF, 'id.pdf');
    await application.update({ documentName: file.fileName });
    const res = await api().delete('/api/files').query({ fileName: file.fileName }).set(bearer(staff.token));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'FILE_IN_USE', message: Messages.FILE_IN_USE });
    expect(await StoredFile.findByPk(file.id)).not.toBeNull();
    await application.update({ documentName: null });
    expect((await api().delete('/api/files').query({ fileName: file.fileName }).set(bearer(staff.token))).status).toBe(204);
    expect(await t.deps.storage.stat(file.fileName)).toBeNull();
  });
});

describe("an application's document is an upload", () => {
  test('the student names their upload: documentType becomes its type and the answer carries the file', async () => {
    const applicant = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, await makeEnrollableProduct({ flow: ['DOCUMENT_UPLOAD'] }));
    const file = await uploaded(applicant.token, PNG, 'passport.png');
    const res = await api().put(`/api/applications/${application.id}`).set(bearer(applicant.token)).send({ documentName: file.fileName });
    expect(res.status).toBe(200);
    expect(applicationAnswer.parse(res.body)).toMatchObject({
      documentName: file.fileName,
      documentType: 'image/png',
      document: { id: file.id, fileName: file.fileName, originalName: 'passport.png', contentType: 'image/png', size: PNG.length },
    });
    const progress = await api().post(`/api/applications/${application.id}/progress`).set(bearer(applicant.token)).send({ step: 'DOCUMENT_UPLOAD' });
    expect(progress.status).toBe(200);
    expect((await Application.findByPk(application.id))!.documentName).toBe(file.fileName);
  });

  test("a student cannot name another student's upload, an image, or a name that is no upload (400, unchanged)", async () => {
    const applicant = await makeApplicant(t.deps);
    const other = await makeApplicant(t.deps);
    const application = await makeApplication(applicant.student.id, await makeEnrollableProduct());
    const theirs = await uploaded(other.token, PDF, 'theirs.pdf');
    const image = await uploaded(staff.token, PNG, 'logo.png', { purpose: 'IMAGE' });
    for (const documentName of [theirs.fileName, image.fileName, 'license.pdf']) {
      const res = await api().put(`/api/applications/${application.id}`).set(bearer(applicant.token)).send({ documentName });
      expect([documentName, res.status, res.body.errors]).toEqual([documentName, 400, { documentName: Messages.INVALID_VALUE }]);
    }
    expect((await Application.findByPk(application.id))!.documentName).toBeNull();
  });
});

describe('with S3-compatible storage', () => {
  let s3: LocalS3;
  let s3App: TestApp;
  beforeAll(async () => {
    s3 = await startLocalS3();
    s3App = await setupApp(s3.env);
  });
  afterAll(async () => {
    await s3App.close();
    await s3.close();
  });

  test('upload goes to the bucket; download answers 302 to a signed address serving the bytes; GET /files/{id} streams; delete removes the object', async () => {
    const admin = await makeAdmin(s3App.deps);
    const res = await request(s3App.app).post('/api/files').set(bearer(admin.token)).attach('object', PDF, 'Report.pdf');
    expect(res.status).toBe(201);
    expect(await s3App.deps.storage.stat(res.body.fileName)).toEqual({ size: PDF.length });
    const download = await request(s3App.app).get('/api/files/download').query({ fileName: res.body.fileName }).set(bearer(admin.token)).redirects(0);
    expect(download.status).toBe(302);
    expect(download.headers.location).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/uploads/`));
    const signed = await fetch(download.headers.location);
    expect(signed.status).toBe(200);
    expect(signed.headers.get('content-disposition')).toContain('filename="Report.pdf"');
    expect(Buffer.from(await signed.arrayBuffer()).equals(PDF)).toBe(true);
    const blob = await request(s3App.app).get(`/api/files/${res.body.id}`).set(bearer(admin.token)).buffer(true);
    expect(blob.status).toBe(200);
    expect(Buffer.from(blob.body).equals(PDF)).toBe(true);
    expect((await request(s3App.app).delete('/api/files').query({ fileName: res.body.fileName }).set(bearer(admin.token))).status).toBe(204);
    expect(await s3App.deps.storage.stat(res.body.fileName)).toBeNull();
  });

  test('a file over the limit leaves nothing in the bucket', async () => {
    const admin = await makeAdmin(s3App.deps);
    const before = await StoredFile.count();
    const over = Buffer.concat([PDF, Buffer.alloc(MAX_UPLOAD_BYTES - PDF.length + 1, 0x20)]);
    const res = await request(s3App.app).post('/api/files').set(bearer(admin.token)).attach('object', over, 'big.pdf');
    expect(res.status).toBe(413);
    expect(await StoredFile.count()).toBe(before);
  });
});
