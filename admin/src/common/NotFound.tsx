import { Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** Any path the console does not know. */
export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', mt: 8 }} data-testid="not-found">
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('app.not_found.title')}
      </Typography>
      <Typography sx={{ mb: 3 }}>{translate('app.not_found.text')}</Typography>
      <Button component={Link} to="/dashboard" variant="contained">
        {translate('app.not_found.home')}
      </Button>
    </Box>
  );
}
