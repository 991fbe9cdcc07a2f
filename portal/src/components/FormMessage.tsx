/**
 * An error (role alert) or a success, info or warning message (role status) near a form. A plain box
 * in the severity's colours: MUI's Alert would bring IconButton and its icons into the first chunk.
 */
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';

export type Severity = 'error' | 'success' | 'info' | 'warning';

export function FormMessage({ severity, children, testId }: { severity: Severity; children: ReactNode; testId?: string }) {
  if (!children) return null;
  return (
    <Box
      role={severity === 'error' ? 'alert' : 'status'}
      data-testid={testId}
      sx={{
        my: 2,
        px: 2,
        py: 1.5,
        borderRadius: 1,
        borderLeft: 4,
        borderColor: `${severity}.main`,
        color: `${severity}.dark`,
        bgcolor: (theme) => alpha(theme.palette[severity].main, 0.08),
        typography: 'body2',
      }}
    >
      {children}
    </Box>
  );
}
