import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AdminContext, Form, memoryStore, type DataProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { FileInput } from '../../admin/src/common/FileInput';
import { HttpError } from '../../admin/src/providers/http';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';
import { MAX_UPLOAD_BYTES } from '../../domain/rules/files';
import { Messages } from '../../models/messages';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

/** The console's upload input (admin/src/common/FileInput.tsx): POST /files, the fileName kept, preview, errors in EN and ES. */

beforeAll(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
});

const UPLOADED = {
  id: 7,
  fileName: 'uploads/2026/05/0b4e.png',
  originalName: 'logo.png',
  contentType: 'image/png',
  size: 68,
  purpose: 'IMAGE',
  studentId: null,
  createdAt: '2026-05-01T10:00:00.000Z',
};

function renderInput(record: Record<string, unknown>, request: jest.Mock, locale: 'en' | 'es' = 'en') {
  const onSubmit = jest.fn();
  const dataProvider = { request } as unknown as DataProvider;
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={createI18nProvider(locale)} store={memoryStore()} dataProvider={dataProvider}>
        <Form record={record} onSubmit={onSubmit}>
          <FileInput source="image" label="Image" purpose="IMAGE" />
          <button type="submit">Submit</button>
        </Form>
      </AdminContext>
    </MemoryRouter>,
  );
  return onSubmit;
}

const blobAnswer = () => ({ blob: async () => new Blob(['png']) });
const pick = (file: File) => fireEvent.change(screen.getByTestId('file-upload-image-input'), { target: { files: [file] } });
const submitted = (onSubmit: jest.Mock) => onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown>;

test('a chosen image is uploaded to POST /files (field object, purpose IMAGE); its name and preview show; the form keeps its fileName', async () => {
  const request = jest.fn(async (req: { method?: string; path: string }) => (req.method === 'POST' ? UPLOADED : blobAnswer()));
  const onSubmit = renderInput({ id: 1, image: null }, request);
  expect(screen.getByText('No file')).toBeTruthy();
  pick(new File(['png'], 'logo.png', { type: 'image/png' }));
  expect(await screen.findByText('logo.png')).toBeTruthy();
  const post = request.mock.calls.find(([req]) => req.method === 'POST')![0] as { path: string; query: object; body: FormData };
  expect(post.path).toBe('/files');
  expect(post.query).toEqual({ purpose: 'IMAGE', studentId: undefined });
  expect((post.body.get('object') as File).name).toBe('logo.png');
  await waitFor(() => expect(screen.getByTestId('file-preview').getAttribute('src')).toBe('blob:preview'));
  expect(request).toHaveBeenCalledWith(expect.objectContaining({ path: '/files/download', query: { fileName: UPLOADED.fileName }, raw: true }));
  fireEvent.click(screen.getByText('Submit'));
  await waitFor(() => expect(submitted(onSubmit)).toEqual({ id: 1, image: UPLOADED.fileName }));
});

test('a file over 20 MB is refused before sending, in English', async () => {
  const request = jest.fn();
  renderInput({ id: 1, image: null }, request);
  const big = new File(['x'], 'huge.png', { type: 'image/png' });
  Object.defineProperty(big, 'size', { value: MAX_UPLOAD_BYTES + 1 });
  pick(big);
  expect(await screen.findByText('The file is larger than 20 MB')).toBeTruthy();
  expect(request).not.toHaveBeenCalled();
});

test("the server's refusal of the content shows under the input, in Spanish when the console is", async () => {
  const request = jest.fn(async () => {
    throw new HttpError(400, { status: 400, code: 'VALIDATION_ERROR', message: 'Validation failed', errors: { object: Messages.FILE_TYPE_NOT_ALLOWED } });
  });
  renderInput({ id: 1, image: null }, request, 'es');
  pick(new File(['MZ'], 'photo.png', { type: 'image/png' }));
  expect(await screen.findByText('Solo se pueden subir archivos PDF, PNG, JPEG, CSV y DOCX')).toBeTruthy();
});

test('a stored image shows with its preview; Remove empties the field', async () => {
  const request = jest.fn(async () => blobAnswer());
  const onSubmit = renderInput({ id: 1, image: 'uploads/2026/01/abc.jpg' }, request);
  expect(screen.getByText('abc.jpg')).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId('file-preview')).toBeTruthy());
  fireEvent.click(screen.getByTestId('file-remove-image'));
  expect(screen.getByText('No file')).toBeTruthy();
  fireEvent.click(screen.getByText('Submit'));
  await waitFor(() => expect(submitted(onSubmit)).toEqual({ id: 1, image: null }));
});
