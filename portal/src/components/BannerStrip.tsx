/**
 * The information banners at the top of the signed-in portal (domain rules "Information banners and
 * the mobile app"): the published banners of the student's audience, each as an alert of its level
 * with its title and content, and a close button that dismisses it for good (the server keeps the
 * dismissal, so it stays dismissed on another device). Banners are a notice, never a reason to
 * disturb the page: a failed load shows nothing, a failed dismissal brings the banner back.
 */
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useApi, useSession } from './PortalContext';
import { useI18n } from '../i18n';
import { bannersApi, type StudentBanner } from '../lib/banners-api';

const severity = { SUCCESS: 'success', INFO: 'info', WARNING: 'warning', ERROR: 'error' } as const;

export function BannerStrip() {
  const api = useApi();
  const { t } = useI18n();
  const studentId = useSession()?.studentId;
  const [banners, setBanners] = useState<StudentBanner[]>([]);

  useEffect(() => {
    if (!studentId) return;
    let live = true;
    bannersApi(api.http)
      .list(studentId)
      .then(
        (list) => live && setBanners(list),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [api, studentId]);

  if (!studentId || banners.length === 0) return null;

  function dismiss(banner: StudentBanner) {
    setBanners((list) => list.filter((b) => b.id !== banner.id));
    bannersApi(api.http)
      .dismiss(studentId!, banner.id)
      .catch(() => setBanners((list) => (list.some((b) => b.id === banner.id) ? list : [banner, ...list])));
  }

  return (
    <Stack component="section" aria-label={t('banners.label')} spacing={1} sx={{ mb: 2 }} data-testid="banner-strip">
      {banners.map((banner) => (
        <Alert
          key={banner.id}
          severity={severity[banner.type] ?? 'info'}
          onClose={() => dismiss(banner)}
          slotProps={{ closeButton: { 'aria-label': t('banners.dismiss', { title: banner.title }), title: t('banners.dismiss', { title: banner.title }) } }}
          data-testid={`banner-${banner.id}`}
        >
          <AlertTitle>{banner.title}</AlertTitle>
          {/* Sanitised by the server when saved: only its allow-list of tags and http(s)/mailto links. */}
          <Box sx={{ '& p': { m: 0 }, '& p + p': { mt: 1 }, '& ul, & ol': { my: 0.5, pl: 3 } }} dangerouslySetInnerHTML={{ __html: banner.content }} />
        </Alert>
      ))}
    </Stack>
  );
}
