import { useEffect, type ReactNode } from 'react';
import { AppBar, Layout as RaLayout, Logout, MenuItemLink, TitlePortal, UserMenu, useTranslate } from 'react-admin';
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

export function Layout({ children }: { children: ReactNode }) {
  return (
    <RaLayout appBar={ConsoleAppBar}>
      <ScrollToTop />
      {children}
    </RaLayout>
  );
}
