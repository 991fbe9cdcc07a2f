import { useEffect, useState, type ReactNode } from 'react';
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useGetIdentity, useTranslate } from 'react-admin';
import { useAppDataProvider } from '../providers/useAppDataProvider';
import { useRoleText } from '../common/roleText';
import type { MyAdministratorAnswer } from '../../../domain/contract/people';

/** GET /api/auth/me for an administrator (domain/contract/people.ts). */
export type MyAdministrator = MyAdministratorAnswer;

/** The signed-in administrator as the server knows them now (the identity in the session can be older). */
export function useMyAdministrator(): MyAdministrator | null {
  const dataProvider = useAppDataProvider();
  const [me, setMe] = useState<MyAdministrator | null>(null);
  useEffect(() => {
    let live = true;
    dataProvider
      .request<{ administrator?: MyAdministrator }>({ path: '/auth/me' })
      .then((answer) => live && setMe(answer?.administrator ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [dataProvider]);
  return me;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ py: 0.75 }}>
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 120 }}>
        {label}
      </Typography>
      <div>{children}</div>
    </Stack>
  );
}

/** Name, email and roles of the signed-in administrator. */
export function ProfileDetails({ me }: { me: MyAdministrator | null }) {
  const translate = useTranslate();
  const roleText = useRoleText();
  const { identity } = useGetIdentity();
  const name = me ? `${me.firstName} ${me.lastName}`.trim() : (identity?.fullName ?? '');
  const email = me?.email ?? (identity?.email as string | undefined) ?? '';
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate('profile.details.title')}
        </Typography>
        <Row label={translate('profile.details.name')}>
          <Typography data-testid="profile-name">{name}</Typography>
        </Row>
        <Row label={translate('profile.details.email')}>
          <Typography data-testid="profile-email">{email}</Typography>
        </Row>
        <Row label={translate('profile.details.roles')}>
          {me?.roles?.length ? (
            <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
              {me.roles.map((r) => (
                <Chip key={r} size="small" variant="outlined" label={roleText.name(r)} />
              ))}
            </Stack>
          ) : (
            <Typography color="text.secondary">{me ? translate('profile.details.no_roles') : '…'}</Typography>
          )}
        </Row>
      </CardContent>
    </Card>
  );
}
