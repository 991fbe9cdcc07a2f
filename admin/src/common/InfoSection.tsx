import type { ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The overview tab: how to reach the person, where they live, their language, the state of their
 * account (session, active, student, auto-pay) and who touched the record last. Students also get
 * the activate / deactivate action (PUT /students/{id}/toggle_active); customers are read-only here.
 */

export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="subtitle2" color="text.secondary" gutterBottom>
        {translate(title)}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(140px, max-content) minmax(0, 1fr)', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}

/** One label / value pair; empty values show a dash so the row is still there to read. */
export function InfoRow({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  const empty = children === null || children === undefined || children === '';
  return (
    <>
      {/* A long label wraps (at most 160 px on a phone, 260 px wider): the value keeps the rest of the row. */}
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ maxWidth: { xs: 160, sm: 260 } }}>
        {translate(label)}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }} data-testid={testId}>
        {empty ? '—' : children}
      </Typography>
    </>
  );
}
