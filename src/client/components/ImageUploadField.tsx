// A photo field for owners' forms (shop, menu item): picks a file, makes a large one smaller in the browser,
// uploads it (POST /api/uploads) with progress, previews the result (and, for a shop, its crops) and hands the
// stored URL to the form as its imageUrl.
import { ImageIcon, Loader2 } from 'lucide-react';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { errorMessage, uploadFile } from '../lib/api';
import { Button } from '../ui/Button';
import { Label } from '../ui/Label';
import { PhotoCropPreviews } from './PhotoCropPreviews';
import type { PhotoCrop } from './shop-photo-crops';
import { shrinkPhoto } from './shrink-photo';

const acceptedTypes = ['image/jpeg', 'image/png', 'image/webp'];

export function ImageUploadField({
  id,
  label = 'Photo',
  value,
  onChange,
  onPendingChange,
  crops,
}: {
  id?: string;
  label?: string;
  /** The current imageUrl ('' or null: none). */
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  /** Tells the form an upload is running, so it can wait before saving. */
  onPendingChange?: (pending: boolean) => void;
  /** The shapes the photo is shown in elsewhere, previewed under it once uploaded. */
  crops?: readonly PhotoCrop[];
}) {
  const generated = useId();
  const inputId = id ?? `photo-${generated}`;
  const statusId = `${inputId}-status`;
  const input = useRef<HTMLInputElement>(null);
  // 'preparing' while a large photo is made smaller, then the upload's fraction sent.
  const [progress, setProgress] = useState<number | 'preparing' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pending = progress !== null;

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file may be chosen again after an error
    if (!file) return;
    // Checked here only to save a wasted upload; the server decodes the file and decides.
    if (!acceptedTypes.includes(file.type)) {
      setError('Choose a JPEG, PNG or WebP photo.');
      return;
    }
    setError(null);
    setProgress('preparing');
    onPendingChange?.(true);
    try {
      const upload = await shrinkPhoto(file);
      if (!upload) {
        setError('This photo could not be made smaller than 5 MB. Choose another one.');
        return;
      }
      setProgress(0);
      onChange(await uploadFile(upload, setProgress));
    } catch (failure) {
      setError(errorMessage(failure, 'The photo could not be uploaded. Please try again.'));
    } finally {
      setProgress(null);
      onPendingChange?.(false);
    }
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>{label}</Label>
      <div className="flex items-center gap-3">
        <div className="flex aspect-[4/3] w-28 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-espresso-200 bg-espresso-50">
          {value ? (
            <img
              src={value}
              alt={`${label} preview`}
              width={112}
              height={84}
              className="h-full w-full object-cover"
            />
          ) : (
            <ImageIcon className="h-6 w-6 text-espresso-600" aria-hidden />
          )}
        </div>
        <div className="grid min-w-0 gap-1.5">
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={pending}
              aria-describedby={statusId}
              onClick={() => input.current?.click()}
            >
              {pending && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
              {value ? 'Change photo' : 'Upload photo'}
            </Button>
            {value && !pending && (
              <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
                Remove photo
              </Button>
            )}
          </div>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept={acceptedTypes.join(',')}
            className="sr-only"
            tabIndex={-1}
            onChange={choose}
          />
          <div id={statusId} aria-live="polite" className="text-xs">
            {progress === 'preparing' ? (
              <span className="text-espresso-700">Preparing photo…</span>
            ) : progress !== null ? (
              <div className="grid gap-1">
                <span className="text-espresso-700">Uploading… {Math.round(progress * 100)}%</span>
                <progress
                  className="h-1.5 w-32 accent-espresso-700"
                  max={1}
                  value={progress}
                  aria-label="Upload progress"
                />
              </div>
            ) : error ? (
              <span role="alert" className="text-red-700">
                {error}
              </span>
            ) : (
              <span className="text-espresso-700">JPEG, PNG or WebP; a large photo is made smaller</span>
            )}
          </div>
        </div>
      </div>
      {value && crops && <PhotoCropPreviews url={value} label={label} crops={crops} />}
    </div>
  );
}
