// The owner's inline reply form under a review (issue 29): a textarea and Save, for a new reply or an edit. The
// server's words are shown when it refuses; an empty reply is caught here first.
import { MAX_REVIEW_REPLY } from '@shared/api/review-constants';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Label } from '../../ui/Label';
import { Textarea } from '../../ui/Textarea';
import { toast } from '../../ui/toast-store';
import { useSaveReply } from './queries';

export function ReplyForm({
  reviewId,
  initialText = '',
  onDone,
}: {
  reviewId: number;
  /** The reply being edited; empty for a new one. */
  initialText?: string;
  /** Called after saving, and by Cancel. */
  onDone: () => void;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveReply();
  const editing = initialText !== '';
  // Opened by the owner's own Reply or Edit reply: the text is what they came to write.
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => field.current?.focus(), []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Please write a reply before saving.');
      return;
    }
    setProblem(null);
    save.mutate(
      { reviewId, text: text.trim() },
      {
        onSuccess: () => {
          toast({ title: editing ? 'Reply updated' : 'Reply posted' });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error, 'Could not save your reply. Please try again.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-2 rounded-xl bg-espresso-50 p-3" aria-label="Reply to review">
      <Label htmlFor={id}>{editing ? 'Edit your reply' : 'Your reply'}</Label>
      <Textarea
        id={id}
        rows={3}
        maxLength={MAX_REVIEW_REPLY}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null); // the words were about the text as it was
        }}
        placeholder="Thank the customer, or say what you will change."
        ref={field}
      />
      <p className="text-right text-xs text-espresso-600">
        {text.length}/{MAX_REVIEW_REPLY}
      </p>
      {problem && <FormAlert>{problem}</FormAlert>}
      <div className="flex justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
