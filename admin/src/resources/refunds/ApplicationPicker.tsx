import { useEffect, useMemo, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { required, useGetList, useInput, useTranslate } from 'react-admin';
import { ENROLLMENTS, applicationLabel, type ApplicationRecord } from '../../common/applicationRecord';

/**
 * An application chosen by searching the applications (GET /applications?keyword=: student name,
 * email or the application's number), stored as its id. Only the list call is used: the choice's
 * label comes from the option picked, so no lookup by id is needed.
 */
export function ApplicationPicker({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const {
    field,
    fieldState,
    formState: { isSubmitted },
  } = useInput({ source, validate: required() });
  const [text, setText] = useState('');
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<ApplicationRecord | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setKeyword(text.trim()), 300);
    return () => clearTimeout(timer);
  }, [text]);
  const { data = [], isFetching } = useGetList<ApplicationRecord>(
    ENROLLMENTS,
    { filter: keyword ? { q: keyword } : {}, pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'DESC' } },
    { enabled: keyword.length > 0, staleTime: 30_000 },
  );
  const options = useMemo(() => (chosen && !data.some((a) => a.id === chosen.id) ? [chosen, ...data] : data), [chosen, data]);
  // A form-level check leaves `{ message, args? }` where a field-level one leaves the text.
  const raw = fieldState.error?.message as unknown;
  const error = typeof raw === 'string' ? raw : (raw as { message?: string } | undefined)?.message;
  const showError = Boolean(error) && (fieldState.isTouched || isSubmitted);
  return (
    <Autocomplete<ApplicationRecord>
      options={options}
      value={chosen}
      loading={isFetching}
      filterOptions={(x) => x}
      getOptionLabel={(option) => applicationLabel(option)}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      inputValue={text}
      onInputChange={(_, value) => setText(value)}
      onChange={(_, value) => {
        setChosen(value);
        field.onChange(value ? Number(value.id) : null);
      }}
      noOptionsText={translate(keyword ? 'resources.refunds.create.no_applications' : 'resources.refunds.create.type_to_search')}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={field.ref}
          onBlur={field.onBlur}
          label={translate(label)}
          required
          margin="dense"
          error={showError}
          helperText={showError && error ? translate(error, { _: error }) : translate('resources.refunds.create.application_hint')}
          slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'refund-application-input' } }}
        />
      )}
      data-testid="refund-application-picker"
    />
  );
}
