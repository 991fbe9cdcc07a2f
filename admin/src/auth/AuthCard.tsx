import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { LocalesMenuButton, useTranslate } from 'react-admin';

/** The frame of the public screens: sign in, forgot and reset password, verify. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'grey.100', p: 2 }}>
      <Card sx={{ width: 400, maxWidth: '100%' }}>
        <CardContent>
          <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
            <Typography variant="overline" sx={{ flex: 1 }}>
              {translate('app.name')} · {translate('app.console')}
            </Typography>
            <LocalesMenuButton />
          </Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
