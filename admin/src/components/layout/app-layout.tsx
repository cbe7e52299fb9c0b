import { type ReactNode, useCallback, useState } from 'react';
import { ScrollToTop } from '../../lib/router';
import { Toaster } from '../toaster';
import { BottomBar } from './bottom-bar';
import { MobileDrawer } from './mobile-drawer';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** The shell of every page around `children` (the page); `assistant` is the chat bubble (a feature, so the route table passes it in). */
export function AppLayout({ assistant, children }: { assistant?: ReactNode; children?: ReactNode }) {
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
        {children}
      </main>
      <SiteFooter />
      <BottomBar />
      {assistant}
      <Toaster />
      <ScrollToTop />
    </div>
  );
}
