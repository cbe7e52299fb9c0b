import type { Review } from '@spotless/sdk';
import { useState } from 'react';
import { ModalDialog } from '../../../components/modal-dialog';

type ReviewPhoto = Review['photos'][number];

/**
 * A review's photos as thumbnails, each a button that opens the full image in the app's dialog
 * (focus kept inside, Escape closes it, focus back on the thumbnail), with its caption and a link
 * to the image at full size.
 */
export function ReviewPhotos({ photos, reviewer }: { photos: readonly ReviewPhoto[]; reviewer: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const ordered = [...photos].sort((a, b) => a.displayOrder - b.displayOrder);
  const altOf = (photo: ReviewPhoto, index: number) => photo.caption || `Photo ${index + 1} of ${reviewer}’s review`;
  const shown = open === null ? null : ordered[open];
  return (
    <>
      <ul className="review-photos" aria-label="Photos">
        {ordered.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              className="review-photos__open"
              aria-haspopup="dialog"
              aria-label={`Open photo ${index + 1} of ${ordered.length} full size`}
              onClick={() => setOpen(index)}
            >
              <img
                src={photo.fileUrl}
                alt={altOf(photo, index)}
                width={120}
                height={90}
                loading="lazy"
                data-testid="review-photo"
              />
            </button>
            {photo.caption ? <span className="review-photos__caption">{photo.caption}</span> : null}
          </li>
        ))}
      </ul>
      <ModalDialog
        open={shown !== null && shown !== undefined}
        title={`Photo ${(open ?? 0) + 1} of ${ordered.length}`}
        description={shown?.caption ?? undefined}
        onClose={() => setOpen(null)}
        testId="review-photo-dialog"
      >
        {shown && open !== null ? (
          <figure className="review-photo-full">
            <img src={shown.fileUrl} alt={altOf(shown, open)} data-testid="review-photo-full" />
            <figcaption>
              <a href={shown.fileUrl} target="_blank" rel="noreferrer">
                Open the image on its own
              </a>
            </figcaption>
          </figure>
        ) : null}
      </ModalDialog>
    </>
  );
}
