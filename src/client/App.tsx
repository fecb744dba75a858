// The router: every route of spec §2 (and issue 28's /forgot-password), and the live connection (a signed-in
// user's, or a visitor's while a shop is on screen). The landing page is in the first script; every other page
// loads when first visited, so a phone on mobile data downloads only what it shows.
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useAuth } from './lib/auth';
import { lazyNamed } from './lib/lazy-named';
import { useLiveConnection } from './lib/socket';
import { useScrollToTop } from './lib/use-scroll-to-top';
import { LandingPage } from './pages/LandingPage';
import { PageLoading } from './ui/PageLoading';

const AuthPage = lazyNamed(() => import('./pages/AuthPage'), 'AuthPage');
const LoginPage = lazyNamed(() => import('./pages/LoginPage'), 'LoginPage');
const RegisterPage = lazyNamed(() => import('./pages/RegisterPage'), 'RegisterPage');
const ForgotPasswordPage = lazyNamed(() => import('./pages/ForgotPasswordPage'), 'ForgotPasswordPage');
const DiscoverPage = lazyNamed(() => import('./pages/DiscoverPage'), 'DiscoverPage');
const MessagesPage = lazyNamed(() => import('./pages/MessagesPage'), 'MessagesPage');
const FavoritesPage = lazyNamed(() => import('./pages/FavoritesPage'), 'FavoritesPage');
const OrdersPage = lazyNamed(() => import('./pages/OrdersPage'), 'OrdersPage');
const ShopPage = lazyNamed(() => import('./pages/ShopPage'), 'ShopPage');
const DashboardPage = lazyNamed(() => import('./pages/DashboardPage'), 'DashboardPage');
const BoardPage = lazyNamed(() => import('./pages/BoardPage'), 'BoardPage');
const TermsPage = lazyNamed(() => import('./pages/TermsPage'), 'TermsPage');
const PrivacyPage = lazyNamed(() => import('./pages/PrivacyPage'), 'PrivacyPage');
const SettingsPage = lazyNamed(() => import('./pages/SettingsPage'), 'SettingsPage');
const NotFoundPage = lazyNamed(() => import('./pages/NotFoundPage'), 'NotFoundPage');

export function App() {
  const { user } = useAuth();
  useLiveConnection(user?.id);
  useScrollToTop();
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/forgot-password" component={ForgotPasswordPage} />
        <Route path="/discover" component={DiscoverPage} />
        <Route path="/messages" component={MessagesPage} />
        <Route path="/favorites" component={FavoritesPage} />
        <Route path="/orders" component={OrdersPage} />
        <Route path="/shops/:id" component={ShopPage} />
        <Route path="/dashboard/board" component={BoardPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/settings" component={SettingsPage} />
        <Route path="/terms" component={TermsPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
