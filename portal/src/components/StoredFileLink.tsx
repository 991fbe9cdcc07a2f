/**
 * A link to one of the student's stored files (issue 20): the bytes are fetched with the bearer
 * (GET /files/download?fileName=) and opened from memory in a new tab.
 */
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { filesApi } from '../../../domain/http/files';
import { useApi } from './PortalContext';

export function StoredFileLink({ fileName, name, failedText, testId }: { fileName: string; name: string; failedText: string; testId?: string }) {
  const api = useApi();
  const [failed, setFailed] = useState(false);
  async function open() {
    setFailed(false);
    const tab = window.open('', '_blank');
    try {
      const blob = await filesApi(api.http.request).blob(fileName);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      setFailed(true);
    }
  }
  return (
    <>
      <Link component="button" type="button" onClick={open} data-testid={testId} sx={{ verticalAlign: 'baseline', wordBreak: 'break-all', textAlign: 'left' }}>
        {name}
      </Link>
      {failed && (
        <Typography component="span" variant="caption" color="error" role="alert" sx={{ ml: 1 }}>
          {failedText}
        </Typography>
      )}
    </>
  );
}
