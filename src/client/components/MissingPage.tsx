// A page whose subject is not there (the catch-all 404, a shop that does not exist): a prompt and a way on.
import { AlertCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Button } from '../ui/Button';
import { PageShell } from './PageShell';
import { Prompt } from './Prompt';

/** A prompt that what was asked for is not there, and a way on: by default the catch-all 404's. */
export function MissingPage({
  icon = <AlertCircle className="h-6 w-6" />,
  title = '404 Page Not Found',
  text = 'Did you forget to add the page to the router? The page you asked for does not exist.',
  action = { href: '/', label: 'Back to Home' },
}: {
  icon?: ReactNode;
  title?: string;
  text?: string;
  /** Where to go on from here. */
  action?: { href: string; label: string };
}) {
  return (
    <PageShell>
      <Prompt icon={icon} title={title} text={text}>
        <Button asChild>
          <Link href={action.href}>{action.label}</Link>
        </Button>
      </Prompt>
    </PageShell>
  );
}
