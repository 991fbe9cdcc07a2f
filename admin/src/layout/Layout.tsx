import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout as RaLayout, Logout, Menu, MenuItemLink, TitlePortal, UserMenu, useCanAccess, useTranslate } from 'react-admin';
import CalculateIcon from '@mui/icons-material/Calculate';
import InsightsIcon from '@mui/icons-material/Insights';
import PersonIcon from '@mui/icons-material/Person';
import { useLocation } from 'react-router-dom';

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

function ConsoleAppBar() {
  return (
    <AppBar
      userMenu={
        <UserMenu>
          <ProfileMenuItem />
          <Logout />
        </UserMenu>
      }
    >
      <TitlePortal />
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

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={ConsoleAppBar} menu={ConsoleMenu}>
      <ScrollToTop />
      {children}
    </RaLayout>
  );
}
