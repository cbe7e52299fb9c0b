import { type Cleaner, initials } from '@spotless/sdk';
import { useState } from 'react';

/*
 * What the cleaner card and the cleaner's profile both show of a cleaner: the name, the photo (or
 * the initials) and the credential badges.
 */

/** The cleaner's full name. */
export const cleanerName = (cleaner: Cleaner) => `${cleaner.user.firstName} ${cleaner.user.lastName}`.trim();

/** "1 job completed", "12 jobs completed": the cleaner's record, in words wherever it is shown. */
export const jobsCompleted = (count: number) => `${count} ${count === 1 ? 'job' : 'jobs'} completed`;

/** The cleaner's credential badges (Insured, Bonded, Verified), those they hold; nothing when none. */
export function CredentialBadges({ cleaner }: { cleaner: Cleaner }) {
  const badges = [
    cleaner.isInsured && 'Insured',
    cleaner.isBonded && 'Bonded',
    cleaner.isVerified && 'Verified',
  ].filter((badge): badge is string => Boolean(badge));
  if (badges.length === 0) return null;
  return (
    <ul className="badge-list" aria-label="Credentials">
      {badges.map((badge) => (
        <li key={badge} className={`badge badge--${badge.toLowerCase()}`} data-testid="badge">
          {badge}
        </li>
      ))}
    </ul>
  );
}

/** The avatar sizes: the card's and the profile's, in CSS pixels. */
const AVATAR_PX = { lg: 64, xl: 96 } as const;

/**
 * The cleaner's photo, or their initials when there is none or it fails to load. `testIds` marks
 * which of the two is shown (the card's); `decoding` is the photo's.
 */
export function CleanerAvatar({
  cleaner,
  name,
  size,
  testIds = false,
  decoding,
}: {
  cleaner: Cleaner;
  name: string;
  size: keyof typeof AVATAR_PX;
  testIds?: boolean;
  decoding?: 'async';
}) {
  const [failed, setFailed] = useState(false);
  if (cleaner.avatar && !failed) {
    return (
      <img
        className={`avatar avatar--${size}`}
        data-testid={testIds ? 'avatar-img' : undefined}
        src={cleaner.avatar}
        alt={name}
        width={AVATAR_PX[size]}
        height={AVATAR_PX[size]}
        decoding={decoding}
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <span
      className={`avatar avatar--${size} avatar--initials`}
      data-testid={testIds ? 'avatar-initials' : undefined}
      role="img"
      aria-label={name}
    >
      {initials(cleaner.user.firstName, cleaner.user.lastName)}
    </span>
  );
}
