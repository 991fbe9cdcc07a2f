import { fireEvent, screen, waitFor } from '@testing-library/react';
import { expectHeading, renderPortal, storeSession } from './helpers';
import { enrollmentFake } from './enrollment-fake';
import { MAX_UPLOAD_BYTES } from '../../domain/rules/files';

/**
 * The enrollment flow's DOCUMENT_UPLOAD step (issue 20; portal/src/screens/enrollment/DocumentForm.tsx):
 * after the personal info, the student uploads a file (POST /files, field `object`), the application
 * names it, the step completes; a file over 20 MB is refused before it is sent; the server's refusal
 * of the content shows, in Spanish too.
 */

beforeEach(() => localStorage.clear());

const UPLOADED = {
  id: 3,
  fileName: 'uploads/2026/05/9f.pdf',
  originalName: 'passport.pdf',
  contentType: 'application/pdf',
  size: 9,
  purpose: 'DOCUMENT',
  studentId: 7,
  createdAt: '2026-05-01T12:00:00.000Z',
};

function arrange(upload: { status: number; body: unknown } = { status: 201, body: UPLOADED }) {
  const fake = enrollmentFake({
    flow: ['COMPLETE_PERSONAL_INFO', 'DOCUMENT_UPLOAD'],
    application: {},
    routes: {
      'POST /files': upload,
      'PUT /applications/5': (call) => {
        const application = fake.state.application!;
        const name = (call.body as { documentName?: string }).documentName;
        if (name)
          Object.assign(application, {
            documentName: name,
            documentType: 'application/pdf',
            document: { id: 3, fileName: name, originalName: 'passport.pdf', contentType: 'application/pdf', size: 9 },
          });
        return { status: 200, body: application };
      },
    },
  });
  return fake;
}

const pick = (file: File) => fireEvent.change(screen.getByTestId('document-input'), { target: { files: [file] } });

test('after the personal info the document step uploads the file, names it on the application and completes the step', async () => {
  storeSession();
  const fake = arrange();
  renderPortal('/enroll/5/personal-info', fake.fetch);
  await screen.findByLabelText('Date of birth');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await expectHeading('Your document', 3);
  // Next without a document: the spec's message.
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(screen.getByTestId('document-error').textContent).toBe('Document upload required'));

  pick(new File(['%PDF-1.4\n'], 'passport.pdf', { type: 'application/pdf' }));
  await screen.findByText('Your document is saved.');
  const post = fake.callsTo('POST', '/files')[0];
  expect(post.query).toBe('purpose=DOCUMENT');
  expect(((post.body as FormData).get('object') as File).name).toBe('passport.pdf');
  expect(fake.callsTo('PUT', '/applications/5').map((c) => c.body)).toEqual([{ documentName: UPLOADED.fileName }]);
  expect(fake.callsTo('POST', '/applications/5/progress').map((c) => c.body)).toContainEqual({ step: 'DOCUMENT_UPLOAD' });
  expect(screen.getByTestId('document-open').textContent).toBe('passport.pdf');
});

test('a file over 20 MB is refused before it is sent', async () => {
  storeSession();
  const fake = arrange();
  renderPortal('/enroll/5/personal-info', fake.fetch);
  await screen.findByLabelText('Date of birth');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await expectHeading('Your document', 3);
  const big = new File(['x'], 'huge.pdf', { type: 'application/pdf' });
  Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
  pick(big);
  await waitFor(() => expect(screen.getByTestId('document-error').textContent).toBe('The file is larger than 20 MB'));
  expect(fake.callsTo('POST', '/files')).toEqual([]);
});

test("the server's refusal of the content (an .exe named .pdf) shows its message", async () => {
  storeSession();
  const fake = arrange({
    status: 400,
    body: { status: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: { object: 'Only PDF, PNG, JPEG, CSV and DOCX files can be uploaded' } },
  });
  renderPortal('/enroll/5/personal-info', fake.fetch);
  await screen.findByLabelText('Date of birth');
  fireEvent.click(screen.getByRole('button', { name: 'Next' }));
  await expectHeading('Your document', 3);
  pick(new File(['MZ'], 'invoice.pdf', { type: 'application/pdf' }));
  await waitFor(() => expect(screen.getByTestId('document-error').textContent).toBe('Only PDF, PNG, JPEG, CSV and DOCX files can be uploaded'));
  expect(fake.callsTo('PUT', '/applications/5')).toEqual([]);
});
