/**
 * A router link styled like MUI's Link (client-side navigation, a real href for the browser). Built
 * on Typography, which the first chunk has anyway, rather than on MUI's Link.
 */
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { Link as RouterLinkBase } from 'react-router-dom';

export function RouterLink({ to, state, sx, ...rest }: Omit<TypographyProps<'a'>, 'href'> & { to: string; state?: unknown }) {
  return (
    <Typography
      component={RouterLinkBase}
      to={to}
      state={state}
      variant="body2"
      color="primary"
      sx={[{ fontWeight: 500, textDecoration: 'underline', textUnderlineOffset: '2px', '&:hover': { textDecorationThickness: '2px' } }, ...(Array.isArray(sx) ? sx : [sx])]}
      {...rest}
    />
  );
}
