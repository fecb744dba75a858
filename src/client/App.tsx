// The router: every route of spec §2, and the live connection for a signed-in user.
import { Route, Switch } from 'wouter';
import { useAuth } from './lib/auth';
import { useLiveMessages } from './lib/socket';
import { useScrollToTop } from './lib/use-scroll-to-top';
import { AuthPage } from './pages/AuthPage';
import { DashboardPage } from './pages/DashboardPage';
import { DiscoverPage } from './pages/DiscoverPage';
import { FavoritesPage } from './pages/FavoritesPage';
import { LandingPage } from './pages/LandingPage';
import { LoginPage } from './pages/LoginPage';
import { MessagesPage } from './pages/MessagesPage';
import { NotFoundPage } from './pages/NotFoundPage';
import { OrdersPage } from './pages/OrdersPage';
import { PrivacyPage } from './pages/PrivacyPage';
import { RegisterPage } from './pages/RegisterPage';
import { ShopPage } from './pages/ShopPage';
import { TermsPage } from './pages/TermsPage';

export function App() {
  const { user } = useAuth();
  useLiveMessages(user?.id);
  useScrollToTop();
  return (
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
  );
}
