// A centred message with a title, a line of text and actions: sign-in prompts, access denied, empty states.
import type { ReactNode } from 'react';
import { Card } from '../ui/Card';
import { cn } from '../ui/cn';

export function Prompt({
  icon,
  title,
  text,
  children,
  headingLevel = 1,
  className,
}: {
  icon?: ReactNode;
  title: string;
  text?: ReactNode;
  children?: ReactNode;
  /** 1 when the prompt is the page's subject; 2 inside a page that has its own heading. */
  headingLevel?: 1 | 2;
  className?: string;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    // Page-level prompts bring their own side margin; nested ones sit inside a padded page already.
    <Card
      className={cn(
        'mx-auto my-12 max-w-md p-8 text-center',
        headingLevel === 1 && 'w-[calc(100%-2rem)]',
        className,
      )}
    >
      {icon && (
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-espresso-100 text-espresso-700">
          {icon}
        </div>
      )}
      <Heading className="font-display text-2xl font-semibold text-espresso-950">{title}</Heading>
      {text && <p className="mt-2 text-espresso-600">{text}</p>}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </Card>
  );
}
