import { useCallback, useState } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../toaster';
import { BottomBar } from './bottom-bar';
import { MobileDrawer } from './mobile-drawer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function AppLayout() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = useCallback(() => setMenuOpen(false), []);

  return (
    <div className="app">
      <a href="#main-content" className="skip-link">
        Skip to content
      </a>
      <SiteHeader menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} />
      <MobileDrawer open={menuOpen} onClose={closeMenu} />
      <main id="main-content" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <BottomBar />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
