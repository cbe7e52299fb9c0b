import { useState } from 'react';
import { ModalDialog } from './modal-dialog';
import './photo-gallery.css';

/** One photo of a gallery: where its image is, what it shows in words, and a caption if it has one. */
export interface GalleryPhoto {
  id: number;
  src: string;
  alt: string;
  caption?: string | null;
}

/**
 * Photos as thumbnails (a review's, a damage report's), each a button that opens the full image in
 * the app's dialog (focus kept inside, Escape closes it, focus back on the thumbnail), with its
 * caption and a link to the image on its own. `testId` names the thumbnails; `${testId}-full` the
 * image in the dialog and `${testId}-dialog` the dialog.
 */
export function PhotoGallery({ photos, testId }: { photos: readonly GalleryPhoto[]; testId: string }) {
  const [open, setOpen] = useState<number | null>(null);
  if (photos.length === 0) return null;
  const shown = open === null ? undefined : photos[open];
  return (
    <>
      <ul className="photo-gallery" aria-label="Photos">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <button
              type="button"
              className="photo-gallery__open"
              aria-haspopup="dialog"
              aria-label={`Open photo ${index + 1} of ${photos.length} full size`}
              onClick={() => setOpen(index)}
            >
              <img src={photo.src} alt={photo.alt} width={120} height={90} loading="lazy" data-testid={testId} />
            </button>
            {photo.caption ? <span className="photo-gallery__caption">{photo.caption}</span> : null}
          </li>
        ))}
      </ul>
      <ModalDialog
        open={shown !== undefined}
        title={`Photo ${(open ?? 0) + 1} of ${photos.length}`}
        description={shown?.caption ?? undefined}
        onClose={() => setOpen(null)}
        testId={`${testId}-dialog`}
      >
        {shown ? (
          <figure className="photo-full">
            <img src={shown.src} alt={shown.alt} data-testid={`${testId}-full`} />
            <figcaption>
              <a href={shown.src} target="_blank" rel="noreferrer">
                Open the image on its own
              </a>
            </figcaption>
          </figure>
        ) : null}
      </ModalDialog>
    </>
  );
}
