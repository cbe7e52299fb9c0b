import type { Review } from '@spotless/sdk';
import { PhotoGallery } from '../../../components/photo-gallery';

type ReviewPhoto = Review['photos'][number];

/** A review's photos in their order, as thumbnails that open full size; each described by its caption. */
export function ReviewPhotos({ photos, reviewer }: { photos: readonly ReviewPhoto[]; reviewer: string }) {
  const ordered = [...photos].sort((a, b) => a.displayOrder - b.displayOrder);
  return (
    <PhotoGallery
      testId="review-photo"
      photos={ordered.map((photo, index) => ({
        id: photo.id,
        src: photo.fileUrl,
        alt: photo.caption || `Photo ${index + 1} of ${reviewer}’s review`,
        caption: photo.caption,
      }))}
    />
  );
}
