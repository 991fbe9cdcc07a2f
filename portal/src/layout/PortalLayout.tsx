/**
 * The signed-in learning centre: app bar (institute name, the student's name, EN/ES, sign out) and
 * the navigation (Home, Enrollment, My agreements, Messages, Payments, Settings), Messages with the
 * inbox's unread count as a badge, also on the app bar's mail button (the menu hides on a phone).
 * Later screens (courses, progress, awards, transfers) get their entries when they exist.
 * A coach (issue 19) gets the same shell with the coach's menu (home, calendar, groups), without the
 * student's inbox button and banners: `CoachShell`.
 */
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import DescriptionOutlined from '@mui/icons-material/DescriptionOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Logout from '@mui/icons-material/Logout';
import MailOutlined from '@mui/icons-material/MailOutlined';
import Menu from '@mui/icons-material/Menu';
import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import SchoolOutlined from '@mui/icons-material/SchoolOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import GroupsOutlined from '@mui/icons-material/GroupsOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import CommentOutlined from '@mui/icons-material/CommentOutlined';
import TimelineOutlined from '@mui/icons-material/TimelineOutlined';
import EmojiEventsOutlined from '@mui/icons-material/EmojiEventsOutlined';
import { Suspense, useState, type ReactNode } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { BannerStrip } from '../components/BannerStrip';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { PageLoading } from '../components/PageLoading';
import { useApi, useSession } from '../components/PortalContext';
import { useI18n, type TranslationKey } from '../i18n';
import { paymentNavLabel, type PaymentNavKey } from '../screens/payments/nav';
import { UnreadProvider, useUnreadMessages } from './InboxContext';
import { StudentProvider } from './StudentContext';

const DRAWER_WIDTH = 240;

type NavItem = { to: string; label: TranslationKey | PaymentNavKey; icon: ReactNode; match: string[] };

const NAV: NavItem[] = [
  { to: '/home', label: 'nav.home', icon: <HomeOutlined />, match: ['/home'] },
  { to: '/enroll', label: 'nav.enroll', icon: <SchoolOutlined />, match: ['/enroll'] },
  { to: '/agreements', label: 'nav.agreements', icon: <DescriptionOutlined />, match: ['/agreements'] },
  { to: '/messages', label: 'nav.messages', icon: <MailOutlined />, match: ['/messages'] },
  { to: '/coaching-circles', label: 'nav.circles', icon: <GroupsOutlined />, match: ['/coaching-circles'] },
  { to: '/settings/payment-information', label: 'nav.payments', icon: <PaymentsOutlined />, match: ['/payments', '/settings/payment-information'] },
  { to: '/settings/profile', label: 'nav.settings', icon: <SettingsOutlined />, match: ['/settings'] },
  { to: '/my-progress', label: 'nav.progress', icon: <TimelineOutlined />, match: ['/my-progress'] },
  { to: '/awards', label: 'nav.awards', icon: <EmojiEventsOutlined />, match: ['/awards'] },
];

/** A coach's menu: their home, their calendar, their groups (sessions and settings under each group), their comments, their profile. */
const COACH_NAV: NavItem[] = [
  { to: '/coach', label: 'nav.coachHome', icon: <HomeOutlined />, match: ['/coach'] },
  { to: '/coach/calendar', label: 'nav.coachCalendar', icon: <CalendarMonthOutlined />, match: ['/coach/calendar'] },
  { to: '/coach/groups', label: 'nav.coachGroups', icon: <GroupsOutlined />, match: ['/coach/groups'] },
  { to: '/coach/comments', label: 'nav.coachComments', icon: <CommentOutlined />, match: ['/coach/comments'] },
  { to: '/coach/profile', label: 'nav.coachProfile', icon: <AccountCircleOutlined />, match: ['/coach/profile'] },
];

/** The entry whose path matches the longest (payment information sits under /settings but belongs to Payments). */
function selectedEntry(nav: NavItem[], pathname: string): string | undefined {
  let best: { to: string; length: number } | undefined;
  for (const item of nav) {
    for (const match of item.match) {
      if ((pathname === match || pathname.startsWith(`${match}/`)) && match.length > (best?.length ?? -1)) best = { to: item.to, length: match.length };
    }
  }
  return best?.to;
}

/** The unread messages' count on an icon (nothing when there are none). */
function UnreadBadge({ children }: { children: ReactNode }) {
  const { count } = useUnreadMessages();
  if (count === 0) return <>{children}</>;
  return (
    <Badge badgeContent={count} color="error" max={99} data-testid="unread-badge">
      {children}
    </Badge>
  );
}

export default function PortalLayout() {
  return (
    <UnreadProvider>
      <StudentProvider>
        <LearningCentre nav={NAV} />
      </StudentProvider>
    </UnreadProvider>
  );
}

/** The coach's shell: the coach's menu, no inbox button, no student banners (their screens in its outlet). */
export function CoachShell() {
  return <LearningCentre nav={COACH_NAV} coach />;
}

function LearningCentre({ nav, coach = false }: { nav: NavItem[]; coach?: boolean }) {
  const { t, language } = useI18n();
  const { count: unread } = useUnreadMessages();
  const api = useApi();
  const session = useSession();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const name = session?.fullName || session?.email || '';

  async function signOut() {
    setSigningOut(true);
    await api.signOut();
    navigate('/login', { replace: true });
  }

  const navigation = (
    <Box component="nav" aria-label={coach ? t('nav.coachMain') : t('nav.main')}>
      <Toolbar />
      <List>
        {nav.map((item) => {
          const selected = selectedEntry(nav, pathname) === item.to;
          return (
            <ListItemButton
              key={item.to}
              component={Link}
              to={item.to}
              selected={selected}
              aria-current={selected ? 'page' : undefined}
              aria-label={item.to === '/messages' && unread > 0 ? t('nav.messagesUnread', { count: unread }) : undefined}
              onClick={() => setMobileOpen(false)}
            >
              <ListItemIcon>{item.to === '/messages' ? <UnreadBadge>{item.icon}</UnreadBadge> : item.icon}</ListItemIcon>
              <ListItemText primary={item.label === 'nav.payments' ? paymentNavLabel(language, item.label) : t(item.label as TranslationKey)} />
            </ListItemButton>
          );
        })}
      </List>
      <Divider />
    </Box>
  );

  return (
    <>
      <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
        <AppBar position="fixed" elevation={0} sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
          <Toolbar sx={{ gap: 1 }}>
            <IconButton color="inherit" edge="start" aria-label={t('nav.menu')} onClick={() => setMobileOpen((open) => !open)} sx={{ display: { md: 'none' } }}>
              <Menu />
            </IconButton>
            <Typography component="div" variant="h6" noWrap sx={{ fontWeight: 700, flexGrow: 1 }}>
              {t('app.name')}
            </Typography>
            <Typography variant="body2" noWrap data-testid="student-name" sx={{ display: { xs: 'none', sm: 'block' }, mr: 1 }}>
              {name}
            </Typography>
            {!coach && (
              <IconButton
                color="inherit"
                component={Link}
                to="/messages"
                aria-label={unread > 0 ? t('nav.messagesUnread', { count: unread }) : t('nav.messages')}
                data-testid="messages-button"
              >
                <UnreadBadge>
                  <MailOutlined />
                </UnreadBadge>
              </IconButton>
            )}
            <LanguageSwitch color="inherit" />
            <Button
              color="inherit"
              startIcon={<Logout />}
              onClick={signOut}
              disabled={signingOut}
              aria-label={t('nav.signOut')}
              sx={{ minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
            >
              <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
                {t('nav.signOut')}
              </Box>
            </Button>
          </Toolbar>
        </AppBar>
        <Box sx={{ width: { md: DRAWER_WIDTH }, flexShrink: { md: 0 } }}>
          <Drawer
            variant="temporary"
            open={mobileOpen}
            onClose={() => setMobileOpen(false)}
            ModalProps={{ keepMounted: false }}
            sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH } }}
          >
            {navigation}
          </Drawer>
          <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}>
            {navigation}
          </Drawer>
        </Box>
        <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 } }}>
          <Toolbar />
          {!coach && <BannerStrip />}
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </>
  );
}
