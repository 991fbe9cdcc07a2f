import { createTheme } from '@mui/material/styles';

/** The learning centre's look: calm green, rounded cards, no upper-case buttons. */
export const theme = createTheme({
  palette: {
    primary: { main: '#2e7d5b' },
    secondary: { main: '#3f5f8a' },
    background: { default: '#f5f7f6' },
  },
  shape: { borderRadius: 10 },
  typography: { button: { textTransform: 'none', fontWeight: 600 } },
});
