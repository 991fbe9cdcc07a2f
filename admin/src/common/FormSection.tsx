import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The profile form body shared by the create and edit forms. Every input's `source` is the API's
 * dotted field path (`personalInfo.firstName`, `address.city`), which is also the key of the server's
 * field errors, so a 400 shows its message under the input it concerns.
 */

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ width: '100%', mb: 1 }}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1, mb: 0.5 }}>
        {translate(title)}
      </Typography>
      {/* minmax(0, 1fr): a column never grows past its share (a wide input, an autocomplete full of chips). */}
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' }, columnGap: 2 }}>{children}</Box>
    </Box>
  );
}
