/** Minimal form state: text values keyed by the server's field paths, and one error per field. */
import { useCallback, useState } from 'react';

export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState<Record<K, string>>(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const setValue = useCallback((value: string, name: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    // Editing a field clears its error; the next submit checks again.
    setErrors((current) => (current[name as K] ? { ...current, [name]: undefined } : current));
  }, []);
  return { values, setValues, setValue, errors, setErrors };
}
