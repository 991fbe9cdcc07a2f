import { Button as MuiButton, type ButtonProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * A button that always shows its words. react-admin's Button becomes an icon button under 600 px,
 * showing only its icon: a button without one showed nothing on a phone (the application drawer's
 * status moves, the dialogs' Cancel). Buttons with no icon use this one: `label` is a translation key
 * (or the text itself), small and primary by default like react-admin's.
 */
export function TextButton({ label, size = 'small', ...props }: Omit<ButtonProps, 'children'> & { label: string }) {
  const translate = useTranslate();
  return (
    <MuiButton size={size} {...props}>
      {translate(label, { _: label })}
    </MuiButton>
  );
}
