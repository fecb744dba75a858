// The router: every route of spec §2, and the live connection for a signed-in user. The landing page is in the
// first script; every other page loads when first visited, so a phone on mobile data downloads only what it shows.
import { type ComponentType, lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { useAuth } from './lib/auth';
import { useLiveMessages } from './lib/socket';
import { useScrollToTop } from './lib/use-scroll-to-top';
import { LandingPage } from './pages/LandingPage';
import { PageLoading } from './ui/PageLoading';

/** A page module loaded on first use; `name` is its named export. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType<never>>>, name: Name) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType<object> }));
}

const AuthPage = page(() => import('./pages/AuthPage'), 'AuthPage');
const LoginPage = page(() => import('./pages/LoginPage'), 'LoginPage');
const RegisterPage = page(() => import('./pages/RegisterPage'), 'RegisterPage');
const DiscoverPage = page(() => import('./pages/DiscoverPage'), 'DiscoverPage');
const MessagesPage = page(() => import('./pages/MessagesPage'), 'MessagesPage');
const FavoritesPage = page(() => import('./pages/FavoritesPage'), 'FavoritesPage');
const OrdersPage = page(() => import('./pages/OrdersPage'), 'OrdersPage');
const ShopPage = page(() => import('./pages/ShopPage'), 'ShopPage');
const DashboardPage = page(() => import('./pages/DashboardPage'), 'DashboardPage');
const TermsPage = page(() => import('./pages/TermsPage'), 'TermsPage');
const PrivacyPage = page(() => import('./pages/PrivacyPage'), 'PrivacyPage');
const NotFoundPage = page(() => import('./pages/NotFoundPage'), 'NotFoundPage');

export function App() {
  const { user } = useAuth();
  useLiveMessages(user?.id);
  useScrollToTop();
  return (
    <Suspense fallback={<PageLoading />}>
      <Switch>
        <Route path="/" component={LandingPage} />
        <Route path="/auth" component={AuthPage} />
        <Route path="/login" component={LoginPage} />
        <Route path="/register" component={RegisterPage} />
        <Route path="/discover" component={DiscoverPage} />
        <Route path="/messages" component={MessagesPage} />
        <Route path="/favorites" component={FavoritesPage} />
        <Route path="/orders" component={OrdersPage} />
        <Route path="/shops/:id" component={ShopPage} />
        <Route path="/dashboard" component={DashboardPage} />
        <Route path="/terms" component={TermsPage} />
        <Route path="/privacy" component={PrivacyPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}
