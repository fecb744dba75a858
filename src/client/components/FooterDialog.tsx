// A footer text (How It Works, Privacy Policy, Terms of Service) in a modal at most 80vh tall with a Close
// button. Loaded when first opened: the dialog machinery and the legal texts stay out of the first script.
import { Button } from '../ui/Button';
import { Dialog, DialogClose, DialogContent } from '../ui/Dialog';
import { HowItWorksText } from './HowItWorksText';
import { PrivacyText } from './PrivacyText';
import { TermsText } from './TermsText';

const texts = {
  'How It Works': HowItWorksText,
  'Privacy Policy': PrivacyText,
  'Terms of Service': TermsText,
} satisfies Record<string, () => React.JSX.Element>;
export type FooterTopic = keyof typeof texts;

export function FooterDialog({ topic, onClose }: { topic: FooterTopic; onClose: () => void }) {
  const Text = texts[topic];
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={topic} className="max-w-2xl">
        <Text />
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button>Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
