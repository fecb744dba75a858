// A centred message with a title, a line of text and actions: sign-in prompts, access denied, empty states.
import type { ReactNode } from 'react';
import { Card } from '../ui/Card';

export function Prompt({
  icon,
  title,
  text,
  children,
}: {
  icon?: ReactNode;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <Card className="mx-auto my-12 max-w-md p-8 text-center">
      {icon && (
        <div className="mx-auto mb-4 flex h-12 w-12 items-center justify-center rounded-full bg-espresso-100 text-espresso-700">
          {icon}
        </div>
      )}
      <h1 className="font-display text-2xl font-semibold text-espresso-950">{title}</h1>
      {text && <p className="mt-2 text-espresso-600">{text}</p>}
      {children && <div className="mt-6 flex flex-wrap justify-center gap-3">{children}</div>}
    </Card>
  );
}
