// A part of a dialog whose data did not load: what failed, and Try Again.
import { Button } from '../ui/Button';

export function LoadFailed({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div className="py-6 text-center">
      <p className="text-espresso-700">{text}</p>
      <Button variant="outline" className="mt-3" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}
