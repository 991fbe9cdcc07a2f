import { Box, Stack, Typography } from '@mui/material';
import { Title, useGetIdentity, useTranslate } from 'react-admin';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LanguagePreference } from './LanguagePreference';
import { ProfileDetails, useMyAdministrator } from './ProfileDetails';

/** /profile: the signed-in administrator's details, their password, and the console's language. */
export function ProfilePage() {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const me = useMyAdministrator();
  const userId = me?.userId ?? (identity?.userId as number | undefined);
  return (
    <Box sx={{ mt: 2, maxWidth: 900 }}>
      <Title title={translate('profile.title')} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('profile.title')}
      </Typography>
      <Stack spacing={2}>
        <ProfileDetails me={me} />
        <ChangePasswordForm userId={userId} />
        <LanguagePreference />
      </Stack>
    </Box>
  );
}

export default ProfilePage;
