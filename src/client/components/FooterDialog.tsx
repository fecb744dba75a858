// A footer link that opens a static text in a modal (at most 80vh tall) with a Close button.
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../ui/Dialog';

export function FooterDialog({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Dialog>
      <DialogTrigger className="rounded text-sm text-espresso-200 underline-offset-4 hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-400">
        {title}
      </DialogTrigger>
      <DialogContent title={title} className="max-w-2xl">
        {children}
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
