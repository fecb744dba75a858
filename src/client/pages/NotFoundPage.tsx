// The catch-all 404 page (spec §8).
import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { PageShell } from '../components/PageShell';
import { Prompt } from '../components/Prompt';
import { Button } from '../ui/Button';

export function NotFoundPage() {
  return (
    <PageShell>
      <Prompt
        icon={<AlertCircle className="h-6 w-6" />}
        title="404 Page Not Found"
        text="Did you forget to add the page to the router? The page you asked for does not exist."
      >
        <Button asChild>
          <Link href="/">Back to Home</Link>
        </Button>
      </Prompt>
    </PageShell>
  );
}
