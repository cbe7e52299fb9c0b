import { REVIEW_AREAS } from '@spotless/sdk/rules';
import type { Random } from './random';

/**
 * What demo customers write about a job, by the booked service's `type`: a review of a regular
 * clean never talks about a move-out inspection or a deep clean. Each comment names something only
 * its own service does (checked by `review-texts.test.ts`); titles, pros and cons may be general
 * but never name another service. The service areas are the rooms that service covers.
 */

export type ReviewTier = 'GOOD' | 'MIXED' | 'BAD';
export type ReviewArea = (typeof REVIEW_AREAS)[number];

export interface ReviewCorpus {
  titles: Readonly<Record<ReviewTier, readonly string[]>>;
  comments: Readonly<Record<ReviewTier, readonly string[]>>;
  /** One is picked for a review of 4 or 5 stars. */
  pros: readonly string[];
  /** One is picked for a review of 3 stars or fewer. */
  cons: readonly string[];
  areas: readonly ReviewArea[];
}

const TITLES = {
  GOOD: ['Spotless!', 'Fantastic job', 'Highly recommend', 'Above and beyond', 'Will book again'],
  MIXED: ['Good overall', 'Decent job', 'Mostly happy'],
  BAD: ['Disappointing', 'Not what I expected', 'Missed several areas'],
} as const;

/** Titles for every service plus the service's own. */
const titles = (own: Partial<Record<ReviewTier, readonly string[]>>): ReviewCorpus['titles'] => ({
  GOOD: [...TITLES.GOOD, ...(own.GOOD ?? [])],
  MIXED: [...TITLES.MIXED, ...(own.MIXED ?? [])],
  BAD: [...TITLES.BAD, ...(own.BAD ?? [])],
});

export const REVIEW_TEXTS: Readonly<Record<string, ReviewCorpus>> = {
  regular: {
    titles: titles({ GOOD: ['Our weekly lifesaver', 'Great attention to detail'], MIXED: ['Solid routine clean'] }),
    comments: {
      GOOD: [
        'The kitchen and bathrooms have never looked this good after a regular clean. Arrived on time and was lovely to work with.',
        'Our weekly visit is the best part of the week: dusting, vacuuming and mopping done fast and done well.',
        'Careful with our antiques and great with the dog. After this routine clean the whole house smells fresh.',
        'Communicated clearly before the biweekly visit and finished everything on my checklist.',
      ],
      MIXED: [
        'Good regular clean overall, though the dusting upstairs could have used a bit more attention.',
        'Arrived a little late for our weekly slot but did a solid job on the floors and kitchen.',
      ],
      BAD: [
        'Several rooms were rushed on this regular visit and the bathroom was left unfinished. Support helped sort it out.',
        'Arrived an hour late for the weekly clean and missed the kitchen floor entirely. Expected better.',
      ],
    },
    pros: ['On time', 'Very thorough', 'Friendly', 'Great with pets', 'Same cleaner every week'],
    cons: ['Arrived late', 'Missed a few spots', 'Rushed'],
    areas: ['Kitchen', 'Bathroom', 'Living Room', 'Bedroom', 'Dining Room', 'Floors'],
  },
  deep: {
    titles: titles({ GOOD: ['Worth every penny', 'Great attention to detail'], MIXED: ['Solid deep clean'] }),
    comments: {
      GOOD: [
        'A proper deep clean: baseboards, cabinet fronts and the grout look new. Even cleaned behind the fridge.',
        'Top to bottom, every corner done. The grout in the shower is white again.',
        'Degreased the inside of the oven and scrubbed the baseboards in every room. Incredible.',
      ],
      MIXED: [
        'The deep clean was good overall, though the grout in the second bathroom still needs work.',
        'Kitchen appliances came out great, but some baseboards were skipped.',
      ],
      BAD: [
        'Booked a deep clean and got a quick wipe-down: the baseboards and grout were never touched.',
        'Ran out of time and left the oven and cabinet fronts for another day. Not a deep clean.',
      ],
    },
    pros: ['Very thorough', 'Brought every tool needed', 'Friendly', 'Great with pets'],
    cons: ['Ran over time', 'Missed a few spots', 'Rushed'],
    areas: ['Kitchen', 'Bathroom', 'Living Room', 'Bedroom', 'Dining Room', 'Laundry Room', 'Basement', 'Floors'],
  },
  moveout: {
    titles: titles({ GOOD: ['Got our deposit back', 'Stress-free move'], MIXED: ['Fine for the move'] }),
    comments: {
      GOOD: [
        'Our move-out inspection passed with flying colours and we got the whole deposit back.',
        'The empty apartment looked better than the day we moved in: inside cabinets, closets and appliances.',
        'Cleaned the new place before our move-in, so we could unpack on day one.',
      ],
      MIXED: [
        'The landlord was happy with most rooms, but we had to redo the inside of a closet before handing back the keys.',
        'Good move-out clean, though the garage was only swept.',
      ],
      BAD: [
        'The landlord flagged the oven and two closets at the move-out inspection. Expected better.',
        'Arrived late on moving day and left the empty bedrooms half done.',
      ],
    },
    pros: ['On time', 'Very thorough', 'Worked around the movers', 'Friendly'],
    cons: ['Arrived late', 'Missed a few spots', 'Rushed'],
    areas: [
      'Kitchen',
      'Bathroom',
      'Living Room',
      'Bedroom',
      'Dining Room',
      'Laundry Room',
      'Basement',
      'Garage',
      'Floors',
    ],
  },
  window: {
    titles: titles({ GOOD: ['Crystal clear', 'Like there is no glass'], MIXED: ['Clear enough'] }),
    comments: {
      GOOD: [
        'Every window is streak-free, inside and out on the ground floor. The sills and tracks are spotless too.',
        'The glass is so clear the kids keep touching it. Sills wiped and tracks cleaned out.',
        'Careful around the plants on the sills and the windows have never been this bright.',
      ],
      MIXED: [
        'Most windows came out clear, but a couple were left with streaks.',
        'The glass looks great; the window tracks were skipped.',
      ],
      BAD: [
        'Streaks on half the windows and water marks on the sills. Had to redo them myself.',
        'Only the front windows were done before running out of time.',
      ],
    },
    pros: ['On time', 'No streaks', 'Friendly', 'Brought ladders and squeegees'],
    cons: ['Arrived late', 'A few streaks left', 'Rushed'],
    areas: ['Windows'],
  },
  carpet: {
    titles: titles({ GOOD: ['Like new again', 'Great attention to detail'], MIXED: ['Fresher, not perfect'] }),
    comments: {
      GOOD: [
        'The living room carpet looks new and the coffee stain by the sofa is gone.',
        'Refreshed our rugs and the upholstery on both armchairs. Everything smells fresh.',
        'Great with the dog and got the pet hair out of every carpet and the couch.',
      ],
      MIXED: [
        'The carpets are much fresher, though one old stain on the rug is still visible.',
        'The sofa upholstery came out well; the hallway carpet less so.',
      ],
      BAD: [
        'The carpet was left soaking wet and the stain came back the next day.',
        'Rushed through the rugs and never got to the upholstery we booked.',
      ],
    },
    pros: ['On time', 'Very thorough', 'Great with pets', 'Careful with fabrics'],
    cons: ['Arrived late', 'A stain remains', 'Rushed'],
    areas: ['Living Room', 'Bedroom', 'Dining Room', 'Basement', 'Floors'],
  },
  office: {
    titles: titles({ GOOD: ['A fresh start every Monday', 'Our team noticed'], MIXED: ['Fine for the office'] }),
    comments: {
      GOOD: [
        'The office is spotless every morning: desks wiped, meeting rooms reset and the kitchenette gleaming.',
        'Works after hours without disturbing anyone, and our staff keep commenting on the clean desks.',
        'Reliable and discreet around confidential papers on the desks. The restrooms are always stocked.',
      ],
      MIXED: [
        'Desks and meeting rooms are good, but the office kitchenette is sometimes missed.',
        'Solid work in the office overall; the restrooms could be more thorough.',
      ],
      BAD: [
        'Our staff came in to dirty desks and an unemptied kitchenette bin. Expected better.',
        'Skipped the meeting rooms twice this month at the office.',
      ],
    },
    pros: ['Works after hours', 'Very thorough', 'Discreet', 'Reliable'],
    cons: ['Arrived late', 'Missed a few spots', 'Rushed'],
    areas: ['Office', 'Kitchen', 'Bathroom', 'Floors'],
  },
  commercial: {
    titles: titles({ GOOD: ['Our shop shines', 'Great for business'], MIXED: ['Fine for the store'] }),
    comments: {
      GOOD: [
        'The shop floor and fitting rooms are spotless before we open, and our customers notice.',
        'Keeps the studio and the lobby clean on a schedule that never gets in the way of business.',
        'The retail floor, the storefront and the common areas all look great every week.',
      ],
      MIXED: [
        'The store looks good, though the stock room is sometimes skipped.',
        'Good work in the studio; the common areas could use more attention.',
      ],
      BAD: [
        'Customers arrived to a dirty shop floor after the visit. Expected better.',
        'Left the lobby half done before the store opened.',
      ],
    },
    pros: ['Works around opening hours', 'Very thorough', 'Reliable', 'On time'],
    cons: ['Arrived late', 'Missed a few spots', 'Rushed'],
    areas: ['Floors', 'Bathroom', 'Kitchen', 'Windows', 'Office'],
  },
  post_construction: {
    titles: titles({ GOOD: ['Ready to move back in', 'Dust-free at last'], MIXED: ['Most of the dust is gone'] }),
    comments: {
      GOOD: [
        'After the renovation there was dust everywhere. Now every surface is clean and the debris is gone.',
        'Cleared the sawdust and plaster from every room so we could move back in the day the builders left.',
        'The contractor left paint splatter on the floors and it is all gone. Incredible work.',
      ],
      MIXED: [
        'Most of the construction dust is gone, but some drywall dust is still in the vents.',
        'Good clean after the renovation, though a few paint splatters remain.',
      ],
      BAD: [
        'Construction debris was still in the garage and drywall dust on every shelf.',
        'Left plaster on the floors after our renovation. Expected better.',
      ],
    },
    pros: ['Brought heavy-duty equipment', 'Very thorough', 'On time', 'Reliable'],
    cons: ['Arrived late', 'Missed a few spots', 'Rushed'],
    areas: ['Kitchen', 'Bathroom', 'Living Room', 'Bedroom', 'Basement', 'Garage', 'Windows', 'Floors'],
  },
};

/** For a service the corpus does not know: words true of any clean, naming no service. */
export const GENERAL_REVIEW_TEXT: ReviewCorpus = {
  titles: titles({}),
  comments: {
    GOOD: [
      'Arrived on time, was lovely to work with and left everything spotless.',
      'Thorough, fast and friendly. Finished everything on my checklist.',
    ],
    MIXED: ['Nice person and decent work; a couple of spots were missed.'],
    BAD: ['Arrived an hour late and left before finishing. Expected better.'],
  },
  pros: ['On time', 'Very thorough', 'Friendly'],
  cons: ['Arrived late', 'Missed a few spots', 'Rushed'],
  areas: ['Floors'],
};

/** The texts a review of a service of this `type` is written from. */
export function reviewCorpus(serviceType: string): ReviewCorpus {
  return REVIEW_TEXTS[serviceType] ?? GENERAL_REVIEW_TEXT;
}

/**
 * About k of the service's areas (at least one, order kept). It draws exactly one number per
 * entry of REVIEW_AREAS whatever the service, as the seed always has, so that a service's shorter
 * list leaves every later draw — and with it the rest of the demo data — as it was.
 */
export function sampleAreas(rand: Random, areas: readonly ReviewArea[], k: number): ReviewArea[] {
  const draws = REVIEW_AREAS.map(() => rand.next());
  const picked = areas.filter((_, i) => (draws[i] as number) < k / areas.length).slice(0, k);
  if (picked.length > 0 || areas.length === 0) return picked;
  return [areas[Math.floor((draws[draws.length - 1] as number) * areas.length)] as ReviewArea];
}
