// Combined auth page (/auth): Login and Register tabs; after either, a full page load home (spec §2). ?tab=register
// opens Register ('Get Started', issue 32); Login stays one click away.
import { useSearch } from 'wouter';
import { AuthFrame } from '../components/AuthFrame';
import { EmailLoginForm } from '../features/auth/EmailLoginForm';
import { SignUpWizard } from '../features/auth/SignUpWizard';
import { useLeaveIfSignedIn } from '../lib/use-leave-if-signed-in';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/Tabs';

export function AuthPage() {
  useLeaveIfSignedIn();
  const tab = new URLSearchParams(useSearch()).get('tab') === 'register' ? 'register' : 'login';
  return (
    <AuthFrame title="Welcome to Brew Connect" subtitle="Sign in, or create an account with your email">
      <Tabs defaultValue={tab}>
        <TabsList className="mb-6 w-full!">
          <TabsTrigger value="login" className="flex-1">
            Login
          </TabsTrigger>
          <TabsTrigger value="register" className="flex-1">
            Register
          </TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <EmailLoginForm />
        </TabsContent>
        <TabsContent value="register">
          <SignUpWizard />
        </TabsContent>
      </Tabs>
    </AuthFrame>
  );
}
