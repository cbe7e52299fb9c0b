import { type ReactNode, useRef, useState } from 'react';
import { type ChosenPhoto, choosePhotos, MAX_PHOTOS, type PhotoProblem } from '../lib/photo-drafts';
import { THUMBNAIL } from '../lib/photo-thumbnail';
import { Field } from './field';
import './photo-picker.css';

interface PhotoPickerProps<T extends ChosenPhoto> {
  /** The file input's label, e.g. "Add photos (JPEG or PNG, under 10MB each, at most 5)". */
  label: string;
  hint?: string;
  /** What the photos go on, for the too-many message: "review", "report". */
  noun: string;
  photos: readonly T[];
  /** The files just chosen, checked and drawn small: the caller adds them to `photos`. */
  onChosen: (chosen: ChosenPhoto[]) => void;
  onRemove: (key: number) => void;
  /** What is wrong with the files just chosen (none of them was taken), or null once a choice was fine. */
  onProblem: (problem: PhotoProblem | null) => void;
  /** A message shown under the input (the caller's, or the server's about `photos`). */
  error?: string | null;
  /** More of each chosen photo, beside its name (a review's caption field). */
  children?: (photo: T) => ReactNode;
}

/**
 * Choosing up to five photos to send (a review's, a damage report's): a file input, then each
 * chosen photo with a small picture of it, its name and a button that takes it out again. Files are
 * checked as the server will check them before they are taken (lib/photo-drafts.ts).
 */
export function PhotoPicker<T extends ChosenPhoto>({
  label,
  hint,
  noun,
  photos,
  onChosen,
  onRemove,
  onProblem,
  error,
  children,
}: PhotoPickerProps<T>) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const full = photos.length >= MAX_PHOTOS;
  const choose = async (files: FileList | null) => {
    const picked = [...(files ?? [])];
    if (input.current) input.current.value = '';
    if (picked.length === 0) return;
    setBusy(true);
    try {
      const result = await choosePhotos(picked, photos.length, noun);
      if ('problem' in result) {
        onProblem(result.problem);
        return;
      }
      onProblem(null);
      onChosen(result.chosen);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="photo-picker">
      <Field label={label} hint={hint} error={error}>
        {(control) => (
          // The browser's own control says "No file chosen" once the chosen files are listed below:
          // it is laid over a button that says what choosing does now, and takes its clicks and keys.
          <span className={`btn btn--outline btn--sm photo-picker__choose${full || busy ? ' is-disabled' : ''}`}>
            <span aria-hidden="true">
              {full ? `${MAX_PHOTOS} photos chosen` : photos.length === 0 ? 'Choose photos' : 'Add more photos'}
            </span>
            <input
              {...control}
              ref={input}
              className="photo-picker__input"
              type="file"
              accept="image/jpeg,image/png,.jpg,.jpeg,.png"
              multiple
              disabled={full || busy}
              onChange={(e) => void choose(e.target.files)}
            />
          </span>
        )}
      </Field>
      {photos.length > 0 ? (
        <ul className="photo-picker__list" aria-label="Photos to send">
          {photos.map((photo, index) => (
            <li key={photo.key} className="photo-picker__photo" data-testid="photo-draft">
              {photo.preview ? (
                <img
                  className="photo-picker__preview"
                  src={photo.preview}
                  alt={`Preview of ${photo.file.name}`}
                  width={THUMBNAIL.width}
                  height={THUMBNAIL.height}
                  data-testid="photo-preview"
                />
              ) : (
                <span className="photo-picker__preview" aria-hidden="true" />
              )}
              <div className="photo-picker__body">
                <span className="photo-picker__name">{photo.file.name}</span>
                {children?.(photo)}
              </div>
              <button type="button" className="btn btn--ghost btn--sm" onClick={() => onRemove(photo.key)}>
                Remove
                <span className="visually-hidden">
                  {' '}
                  photo {index + 1}, {photo.file.name}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
