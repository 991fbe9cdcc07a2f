import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Form, RecordContextProvider, memoryStore } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import type { ReactNode } from 'react';
import { DateField, DateInput } from '../../admin/src/common/dates';
import { MoneyField, MoneyInput } from '../../admin/src/common/money';
import { TimeInput } from '../../admin/src/common/TimeInput';
import { createI18nProvider } from '../../admin/src/providers/i18nProvider';

// react-admin's menu pulls in react-hotkeys-hook, which ships ESM only (the admin jest project does not transform it).
jest.mock('react-hotkeys-hook', () => ({ useHotkeys: () => undefined }));

function renderForm(record: Record<string, unknown>, children: ReactNode) {
  const onSubmit = jest.fn();
  render(
    <MemoryRouter>
      <AdminContext i18nProvider={createI18nProvider('en')} store={memoryStore()}>
        <Form record={record} onSubmit={onSubmit}>
          {children}
          <button type="submit">Submit</button>
        </Form>
      </AdminContext>
    </MemoryRouter>,
  );
  return onSubmit;
}

const submitted = (onSubmit: jest.Mock) => onSubmit.mock.calls.at(-1)?.[0] as Record<string, unknown>;

describe('DateInput', () => {
  test('shows the stored date as MM-DD-YYYY with the placeholder, and stores what is typed as YYYY-MM-DD', async () => {
    const onSubmit = renderForm({ id: 1, birth: '1990-07-04' }, <DateInput source="birth" label="Birth" />);
    const input = screen.getByLabelText('Birth') as HTMLInputElement;
    expect(input.value).toBe('07-04-1990');
    expect(input.placeholder).toBe('MM-DD-YYYY');

    fireEvent.change(input, { target: { value: '03092026' } });
    expect(input.value).toBe('03-09-2026');
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ id: 1, birth: '2026-03-09' }));
  });

  test('an impossible date stays as typed and is refused with "Please type a valid date"', async () => {
    const onSubmit = renderForm({ id: 1, birth: null }, <DateInput source="birth" label="Birth" />);
    fireEvent.change(screen.getByLabelText('Birth'), { target: { value: '02-30-2026' } });
    fireEvent.click(screen.getByText('Submit'));
    expect((await screen.findByText('Please type a valid date')).textContent).toBe('Please type a valid date');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test('emptying the input stores null', async () => {
    const onSubmit = renderForm({ id: 1, birth: '1990-07-04' }, <DateInput source="birth" label="Birth" />);
    fireEvent.change(screen.getByLabelText('Birth'), { target: { value: '' } });
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ id: 1, birth: null }));
  });
});

describe('TimeInput', () => {
  const pick = async (testId: string, label: string, option: string) => {
    const select = within(screen.getByTestId(testId)).getByLabelText(label);
    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: option }));
  };

  test('shows a stored HH:mm on the 12-hour clock and offers minutes in steps of 5', async () => {
    renderForm({ id: 1, startTime: '13:05' }, <TimeInput source="startTime" label="Start" />);
    const box = screen.getByTestId('time-input-startTime');
    expect(within(box).getByLabelText('Hour').textContent).toBe('1');
    expect(within(box).getByLabelText('Minute').textContent).toBe('05');
    expect(within(box).getByLabelText('AM/PM').textContent).toBe('PM');
    fireEvent.mouseDown(within(box).getByLabelText('Minute'));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['00', '05', '10', '15', '20', '25', '30', '35', '40', '45', '50', '55']);
  });

  test('choosing hour, minute and AM/PM stores 24-hour HH:mm', async () => {
    const onSubmit = renderForm({ id: 1, startTime: null }, <TimeInput source="startTime" label="Start" />);
    await pick('time-input-startTime', 'Hour', '9');
    await pick('time-input-startTime', 'Minute', '35');
    await pick('time-input-startTime', 'AM/PM', 'PM');
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ id: 1, startTime: '21:35' }));

    await pick('time-input-startTime', 'Hour', '12');
    await pick('time-input-startTime', 'AM/PM', 'AM');
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ id: 1, startTime: '00:35' }));
  });
});

describe('MoneyInput and fields', () => {
  test('MoneyInput shows a $ adornment and two decimals, and stores a number rounded to cents', async () => {
    const onSubmit = renderForm({ id: 1, amount: 12.5 }, <MoneyInput source="amount" label="Amount" />);
    const input = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(input.value).toBe('12.50');
    expect(input.closest('.MuiInputBase-root')?.textContent).toBe('$');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1234.567' } });
    fireEvent.blur(input);
    fireEvent.click(screen.getByText('Submit'));
    await waitFor(() => expect(submitted(onSubmit)).toEqual({ id: 1, amount: 1234.57 }));
  });

  test('MoneyField and DateField format the record value', () => {
    render(
      <MemoryRouter>
        <AdminContext i18nProvider={createI18nProvider('en')} store={memoryStore()}>
          <RecordContextProvider value={{ id: 1, total: -1234.5, due: '2026-03-09', paidAt: new Date(2026, 2, 9, 14, 5).toISOString() }}>
            <MoneyField source="total" />
            <DateField source="due" />
            <DateField source="paidAt" />
            <DateField source="paidAt" showTime={false} />
          </RecordContextProvider>
        </AdminContext>
      </MemoryRouter>,
    );
    expect(screen.getByTestId('money-total').textContent).toBe('-$1,234.50');
    // A date as MM-DD-YYYY; a date-time with its time; a date-time asked without time as its day.
    expect(screen.getAllByText(/^03/).map((el) => el.textContent)).toEqual(['03-09-2026', '03-09-2026, 2:05 PM', '03-09-2026']);
  });
});
