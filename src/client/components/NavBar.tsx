// The top navigation (spec §2, §6): role-based links, the user, their settings and sign-out; a collapsible menu on
// phones. Messages carries the count of unread messages (issue 32), on the phone's menu button too.
import type { Role } from '@shared/api/auth';
import { LogOut, Menu, Settings, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useUnreadTotal } from '../features/messages/queries';
import { useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { cn } from '../ui/cn';
import { Brand } from './Brand';
import { UnreadLabel } from './UnreadLabel';

function navLinks(role: Role | undefined) {
  if (!role) return [];
  const links: { href: string; label: string }[] = [];
  if (role !== 'shop_owner')
    links.push(
      { href: '/discover', label: 'Discover' },
      { href: '/favorites', label: 'Favorites' },
      { href: '/orders', label: 'Orders' },
    );
  links.push({ href: '/messages', label: 'Messages' });
  if (role === 'shop_owner') links.push({ href: '/dashboard', label: 'Dashboard' });
  return links;
}

export function NavBar() {
  const { user, isLoading, logout } = useAuth();
  const [location, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const links = navLinks(user?.role);
  const unread = useUnreadTotal(Boolean(user)).data?.total ?? 0;
  const labelOf = (link: { href: string; label: string }) =>
    link.href === '/messages' ? <UnreadLabel label={link.label} count={unread} /> : link.label;
  const close = () => setOpen(false);
  const signOut = () => {
    close();
    logout();
    navigate('/');
  };

  const linkClass = (href: string) =>
    cn(
      'rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500',
      location === href ? 'bg-espresso-100 text-espresso-950' : 'text-espresso-700 hover:bg-espresso-50',
    );

  return (
    <header className="sticky top-0 z-30 border-b border-espresso-100 bg-crema/95 backdrop-blur">
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4" aria-label="Main">
        <Brand onNavigate={close} />
        <div className="hidden items-center gap-1 md:flex">
          {links.map((link) => (
            <Link
              key={link.href}
              href={link.href}
              className={linkClass(link.href)}
              aria-current={location === link.href ? 'page' : undefined}
            >
              {labelOf(link)}
            </Link>
          ))}
          {isLoading ? null : user ? (
            <div className="ml-3 flex items-center gap-3 border-l border-espresso-200 pl-4">
              <span className="flex items-center gap-2 text-sm font-medium text-espresso-800">
                <span
                  aria-hidden
                  className="flex h-8 w-8 items-center justify-center rounded-full bg-espresso-200 text-xs font-bold uppercase text-espresso-900"
                >
                  {user.username.slice(0, 1)}
                </span>
                {user.username}
              </span>
              <Link
                href="/settings"
                aria-label="Settings"
                title="Settings"
                aria-current={location === '/settings' ? 'page' : undefined}
                className={cn(linkClass('/settings'), 'p-2')}
              >
                <Settings className="h-4 w-4" aria-hidden />
              </Link>
              <Button variant="outline" size="sm" onClick={signOut}>
                <LogOut className="h-4 w-4" aria-hidden /> Sign Out
              </Button>
            </div>
          ) : (
            <Button asChild size="sm" className="ml-2">
              <Link href="/auth?tab=register">Get Started</Link>
            </Button>
          )}
        </div>
        <button
          type="button"
          className="relative rounded-lg p-2 text-espresso-800 hover:bg-espresso-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500 md:hidden"
          aria-label={unread > 0 ? `Toggle menu, ${unread} unread messages` : 'Toggle menu'}
          aria-expanded={open}
          aria-controls="mobile-menu"
          onClick={() => setOpen((shown) => !shown)}
        >
          {open ? <X className="h-6 w-6" /> : <Menu className="h-6 w-6" />}
          {unread > 0 && !open && (
            <span
              aria-hidden
              className="absolute top-1 right-1 h-2.5 w-2.5 rounded-full bg-red-700 ring-2 ring-crema"
            />
          )}
        </button>
      </nav>
      {open && (
        <div
          id="mobile-menu"
          className="border-t border-espresso-100 bg-crema px-4 pb-4 md:hidden"
          data-testid="mobile-menu"
        >
          <div className="flex flex-col gap-1 pt-2">
            {links.map((link) => (
              <Link
                key={link.href}
                href={link.href}
                className={linkClass(link.href)}
                aria-current={location === link.href ? 'page' : undefined}
                onClick={close}
              >
                {labelOf(link)}
              </Link>
            ))}
            {isLoading ? null : user ? (
              <>
                <p className="px-3 pt-3 text-sm text-espresso-600">
                  Signed in as <span className="font-semibold text-espresso-900">{user.username}</span>
                </p>
                <Link
                  href="/settings"
                  className={cn(linkClass('/settings'), 'flex items-center gap-2')}
                  aria-current={location === '/settings' ? 'page' : undefined}
                  onClick={close}
                >
                  <Settings className="h-4 w-4" aria-hidden /> Settings
                </Link>
                <Button variant="outline" className="mt-2" onClick={signOut}>
                  <LogOut className="h-4 w-4" aria-hidden /> Sign Out
                </Button>
              </>
            ) : (
              <Button asChild className="mt-2">
                <Link href="/auth?tab=register" onClick={close}>
                  Get Started
                </Link>
              </Button>
            )}
          </div>
        </div>
      )}
    </header>
  );
}
