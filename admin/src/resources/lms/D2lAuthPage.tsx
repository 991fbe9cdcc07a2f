import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Card, CardContent, LinearProgress, Typography } from '@mui/material';
import { Authenticated, Button, useTranslate } from 'react-admin';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useAppDataProvider } from '../../providers/useAppDataProvider';
import { StatusChip, t } from './LmsParts';
import { LMS, lmsApi, type LmsRecord } from './lmsRecord';

/**
 * /d2l-auth — D2L's OAuth 2 callback (issue 21): D2L sends staff back here with `code` and `state`
 * (or `error`); the code is posted to the API once (POST /lms_connection/d2l_auth), which trades it
 * for tokens and checks them, and the connection's new status is shown with a way back to it.
 */
function D2lAuthBody() {
  const translate = useTranslate();
  const dataProvider = useAppDataProvider();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const denied = params.get('error');
  const [result, setResult] = useState<LmsRecord | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current || denied || !code || !state) return;
    sent.current = true;
    lmsApi(dataProvider)
      .d2lAuth(code, state)
      .then(setResult)
      .catch((error: unknown) => setFailure(error instanceof Error ? error.message : String(error)));
  }, [code, state, denied, dataProvider]);
  const back = result ? `/${LMS}/${result.id}` : `/${LMS}`;
  let body;
  if (denied) body = <Alert severity="error">{translate(t('d2l_auth.denied'), { error: params.get('error_description') ?? denied })}</Alert>;
  else if (!code || !state) body = <Alert severity="error">{translate(t('d2l_auth.missing'))}</Alert>;
  else if (failure) body = <Alert severity="error">{failure}</Alert>;
  else if (!result) body = <LinearProgress data-testid="d2l-auth-pending" />;
  else
    body = (
      <Alert severity={result.status === 'CONNECTED' ? 'success' : 'warning'} data-testid="d2l-auth-result">
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <strong>{result.name}</strong> <StatusChip status={result.status} />
        </Box>
        {translate(t(result.status === 'CONNECTED' ? 'd2l_auth.connected' : 'd2l_auth.not_connected'))}
        {result.statusMessage ? <div>{result.statusMessage}</div> : null}
      </Alert>
    );
  return (
    <Card sx={{ maxWidth: 640, m: 2 }}>
      <CardContent>
        <Typography variant="h6" gutterBottom>
          {translate(t('d2l_auth.title'))}
        </Typography>
        {body}
        <Box sx={{ mt: 2 }}>
          <Button label={t('d2l_auth.back')} component={RouterLink} to={back} variant="outlined" data-testid="d2l-auth-back" />
        </Box>
      </CardContent>
    </Card>
  );
}

export function D2lAuthPage() {
  return (
    <Authenticated>
      <D2lAuthBody />
    </Authenticated>
  );
}

export default D2lAuthPage;
