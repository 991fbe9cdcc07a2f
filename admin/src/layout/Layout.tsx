import { useEffect, useMemo, type ReactNode } from 'react';
import { createTheme, ThemeProvider, useTheme, type Theme } from '@mui/material/styles';
import { enUS, esES } from '@mui/material/locale';
import { AppBar, Layout as RaLayout, Logout, Menu, MenuItemLink, TitlePortal, UserMenu, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import CalculateIcon from '@mui/icons-material/Calculate';
import InsightsIcon from '@mui/icons-material/Insights';
import PersonIcon from '@mui/icons-material/Person';
import { useLocation } from 'react-router-dom';
import { DownloadsButton } from '../common/downloads/DownloadsPanel';
import { DownloadsProvider } from '../common/downloads/DownloadsContext';

/** Navigation scrolls to the top (platform spec §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function ProfileMenuItem() {
  const translate = useTranslate();
  return <MenuItemLink to="/profile" primaryText={translate('app.menu.profile')} leftIcon={<PersonIcon />} />;
}

/**
 * A long screen title (the Spanish "Configuración de la aplicación móvil") on a phone was cut to
 * "Aplicació" under the language menu: on a phone the title takes a smaller type and up to two lines,
 * and the language menu shows its icon without the language's name (which it keeps for screen readers).
 */
const titleFits = {
  minWidth: 0,
  overflow: 'hidden',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  display: '-webkit-box',
  WebkitBoxOrient: 'vertical',
  WebkitLineClamp: 2,
  lineHeight: 1.2,
  fontSize: { xs: '1rem', sm: '1.25rem' },
} as const;
const languageIconOnPhones = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    // react-admin's language button (no class of its own: the one that opens its menu of languages)
    '& button[aria-controls="simple-menu"]': {
      fontSize: 0,
      minWidth: 0,
      '& .MuiButton-startIcon': { mr: 0 },
      '& .MuiButton-endIcon': { display: 'none' },
    },
  },
});

function ConsoleAppBar() {
  return (
    <AppBar
      sx={languageIconOnPhones}
      userMenu={
        <UserMenu>
          <ProfileMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal sx={titleFits} />
      <DownloadsButton />
    </AppBar>
  );
}

/** A menu entry for a screen that is a route rather than a resource, shown to those who may open it. */
function RouteMenuItem({ resource, to, label, icon }: { resource: string; to: string; label: string; icon: ReactNode }) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource, action: 'list' });
  if (!canAccess) return null;
  return <MenuItemLink to={to} primaryText={translate(label)} leftIcon={icon} />;
}

/** react-admin's menu (the dashboard at its spec route, and resources) plus the billing screens that are routes. */
function ConsoleMenu() {
  return (
    <Menu>
      <Menu.DashboardItem to="/dashboard" />
      <Menu.ResourceItems />
      <RouteMenuItem resource="billing-dashboard" to="/billing-dashboard" label="billing.menu.dashboard" icon={<InsightsIcon />} />
      <RouteMenuItem resource="billing-calculator" to="/billing-calculator" label="billing.menu.calculator" icon={<CalculateIcon />} />
    </Menu>
  );
}

/**
 * react-admin's layout is `min-width: fit-content`, and its content column and a list's main column
 * (beside the filter panel) are flex items with the default `min-width: auto`: one wide table widened
 * the whole page, so the window scrolled sideways and a list's buttons and pager ended up beyond its
 * right edge. The layout keeps the window's width instead, a list's toolbar wraps, and a table wider
 * than the room left scrolls sideways in its own box.
 */
const fitWindow = {
  minWidth: 0,
  '& .RaLayout-appFrame, & .RaLayout-contentWithSidebar, & .RaLayout-content, & .RaList-main': { minWidth: 0 },
  '& .RaList-actions .MuiToolbar-root': { flexWrap: 'wrap' },
  '& .RaDataTable-tableWrapper': { overflowX: 'auto' },
} as const;

/**
 * Every tab strip scrolls when its tabs are wider than the room (a drawer on a phone), with its
 * arrows shown on phones too: a fixed strip cut the last tabs off with no way to reach them.
 */
const tabsScroll = { components: { MuiTabs: { defaultProps: { variant: 'scrollable', scrollButtons: 'auto', allowScrollButtonsMobile: true } } } } as const;

/**
 * MUI's own words (the pager's 'Rows per page' and 'of', 'Go to next page', an autocomplete's 'Open',
 * 'Clear' and 'No options', a dialog's close) in the console's language: its locale merged into the
 * theme react-admin gives, switching with the language; and the tab strips' default above.
 */
function MuiLocale({ children }: { children: ReactNode }) {
  const [locale] = useLocaleState();
  const theme = useTheme();
  const localized = useMemo(() => createTheme(theme, locale === 'es' ? esES : enUS, tabsScroll), [theme, locale]);
  return <ThemeProvider theme={localized}>{children}</ThemeProvider>;
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <MuiLocale>
      <DownloadsProvider>
        <RaLayout appBar={ConsoleAppBar} menu={ConsoleMenu} sx={fitWindow}>
          <ScrollToTop />
          {children}
        </RaLayout>
      </DownloadsProvider>
    </MuiLocale>
  );
}
