export type TipCategory = 'Windows & Glass' | 'Kitchen' | 'Bathroom' | 'Living Areas' | 'Exterior';
export type TipDifficulty = 'Easy' | 'Medium' | 'Advanced';
export type Season = 'Winter' | 'Spring' | 'Summer' | 'Fall';

export interface CleaningTip {
  id: number;
  title: string;
  tip: string;
  category: TipCategory;
  difficulty: TipDifficulty;
  timeRequired: string;
  materials: string[];
  season?: Season | 'All Year';
}

/** The 15 built-in tips (docs/product/discovery.md). */
export const CLEANING_TIPS: readonly CleaningTip[] = [
  {
    id: 1,
    title: 'Streak-Free Windows',
    tip: 'Clean windows on a cloudy day with a mix of equal parts white vinegar and water, and wipe with a microfiber cloth in a Z pattern so the solution does not dry before you finish.',
    category: 'Windows & Glass',
    difficulty: 'Easy',
    timeRequired: '15 min',
    materials: ['White vinegar', 'Water', 'Microfiber cloth', 'Spray bottle'],
    season: 'Spring',
  },
  {
    id: 2,
    title: 'Microwave Steam Clean',
    tip: 'Heat a bowl of water with lemon slices for 3 minutes and leave the door closed for 5 more; the steam loosens splatters so they wipe off easily.',
    category: 'Kitchen',
    difficulty: 'Easy',
    timeRequired: '10 min',
    materials: ['Lemon', 'Microwave-safe bowl', 'Sponge'],
    season: 'All Year',
  },
  {
    id: 3,
    title: 'Grout Refresh',
    tip: 'Make a paste of baking soda and water, scrub the grout lines with an old toothbrush and rinse with warm water to lift mildew stains.',
    category: 'Bathroom',
    difficulty: 'Medium',
    timeRequired: '30 min',
    materials: ['Baking soda', 'Old toothbrush', 'Warm water'],
  },
  {
    id: 4,
    title: 'Dust Top to Bottom',
    tip: 'Always dust from the highest surfaces down to the floor, then vacuum last, so falling dust never lands on a surface you already cleaned.',
    category: 'Living Areas',
    difficulty: 'Easy',
    timeRequired: '20 min',
    materials: ['Microfiber duster', 'Vacuum'],
    season: 'All Year',
  },
  {
    id: 5,
    title: 'Winter Entryway Salt Stains',
    tip: 'Remove road-salt marks from floors and mats with a solution of one part vinegar to two parts warm water, then dry to prevent slipping.',
    category: 'Living Areas',
    difficulty: 'Easy',
    timeRequired: '15 min',
    materials: ['White vinegar', 'Warm water', 'Mop'],
    season: 'Winter',
  },
  {
    id: 6,
    title: 'Gutter Check',
    tip: 'Clear leaves from gutters and downspouts once most leaves have fallen to prevent overflow and ice dams later in the season.',
    category: 'Exterior',
    difficulty: 'Advanced',
    timeRequired: '2 hours',
    materials: ['Ladder', 'Gloves', 'Gutter scoop', 'Bucket'],
    season: 'Fall',
  },
  {
    id: 7,
    title: 'Shower Glass Shine',
    tip: 'Wipe shower glass with a squeegee after every shower and clean weekly with dish soap and vinegar to stop hard-water spots forming.',
    category: 'Windows & Glass',
    difficulty: 'Easy',
    timeRequired: '5 min',
    materials: ['Squeegee', 'Dish soap', 'White vinegar'],
  },
  {
    id: 8,
    title: 'Oven Overnight Clean',
    tip: 'Spread a baking soda paste inside a cold oven, leave it overnight, then spray with vinegar and wipe away the grime without harsh fumes.',
    category: 'Kitchen',
    difficulty: 'Medium',
    timeRequired: '12 hours (mostly waiting)',
    materials: ['Baking soda', 'White vinegar', 'Spatula', 'Damp cloth'],
    season: 'Winter',
  },
  {
    id: 9,
    title: 'Patio Furniture Revival',
    tip: 'Wash outdoor furniture with warm soapy water and a soft brush before summer, and rinse well so no residue attracts dirt.',
    category: 'Exterior',
    difficulty: 'Medium',
    timeRequired: '1 hour',
    materials: ['Dish soap', 'Soft brush', 'Garden hose'],
    season: 'Summer',
  },
  {
    id: 10,
    title: 'Fresh Fridge',
    tip: 'Empty and wipe one shelf at a time with warm water and baking soda, and keep an open box of baking soda inside to absorb odours.',
    category: 'Kitchen',
    difficulty: 'Easy',
    timeRequired: '30 min',
    materials: ['Baking soda', 'Warm water', 'Cloth'],
    season: 'Summer',
  },
  {
    id: 11,
    title: 'Toilet Ring Remover',
    tip: 'Drop two denture tablets into the bowl, leave them for 20 minutes and brush; the fizz lifts mineral rings without scratching.',
    category: 'Bathroom',
    difficulty: 'Easy',
    timeRequired: '25 min',
    materials: ['Denture tablets', 'Toilet brush'],
  },
  {
    id: 12,
    title: 'Spring Curtain Wash',
    tip: 'Take down curtains each spring, check the care label, and wash or steam them to remove a winter of dust and pollen.',
    category: 'Living Areas',
    difficulty: 'Medium',
    timeRequired: '1 hour',
    materials: ['Mild detergent', 'Steamer'],
    season: 'Spring',
  },
  {
    id: 13,
    title: 'Mirror Polish',
    tip: 'A drop of rubbing alcohol on a microfiber cloth removes hairspray and toothpaste spots from mirrors for a streak-free finish.',
    category: 'Windows & Glass',
    difficulty: 'Easy',
    timeRequired: '5 min',
    materials: ['Rubbing alcohol', 'Microfiber cloth'],
    season: 'All Year',
  },
  {
    id: 14,
    title: 'Leaf Stain Removal',
    tip: 'Lift tannin stains left by wet leaves on decks and paths with a diluted oxygen bleach solution and a stiff brush.',
    category: 'Exterior',
    difficulty: 'Medium',
    timeRequired: '45 min',
    materials: ['Oxygen bleach', 'Stiff brush', 'Bucket'],
    season: 'Fall',
  },
  {
    id: 15,
    title: 'Exhaust Fan Dusting',
    tip: 'Turn off the power, remove the bathroom fan cover, wash it in soapy water and vacuum the fan blades to keep moisture moving out.',
    category: 'Bathroom',
    difficulty: 'Medium',
    timeRequired: '20 min',
    materials: ['Screwdriver', 'Dish soap', 'Vacuum with brush'],
    season: 'Winter',
  },
];

/** Seasons (docs/product/discovery.md): Dec–Feb Winter, Mar–May Spring, Jun–Aug Summer, otherwise Fall. `month` is 0–11. */
export function seasonOf(month: number): Season {
  if (month === 11 || month <= 1) return 'Winter';
  if (month <= 4) return 'Spring';
  if (month <= 7) return 'Summer';
  return 'Fall';
}

/** Day of the year, 1 on January 1st (local calendar). */
export function dayOfYear(date: Date): number {
  const start = Date.UTC(date.getFullYear(), 0, 1);
  const today = Date.UTC(date.getFullYear(), date.getMonth(), date.getDate());
  return Math.floor((today - start) / 86_400_000) + 1;
}

/** The tips in season on `date`: that season's, All Year ones and unseasoned ones, in id order. */
export function tipsInSeason(tips: readonly CleaningTip[], date: Date): CleaningTip[] {
  const season = seasonOf(date.getMonth());
  return tips.filter((t) => t.season === undefined || t.season === 'All Year' || t.season === season);
}

/** The tip of the day (docs/product/discovery.md), chosen by day of year among the tips in season. */
export function tipOfTheDay(tips: readonly CleaningTip[], date: Date): CleaningTip | undefined {
  const pool = tipsInSeason(tips, date);
  if (pool.length === 0) return undefined;
  return pool[dayOfYear(date) % pool.length];
}

/** A random tip for the refresh button, different from the current one when possible. */
export function randomTip(tips: readonly CleaningTip[], currentId: number | undefined, random = Math.random) {
  const others = tips.length > 1 ? tips.filter((t) => t.id !== currentId) : tips;
  return others[Math.floor(random() * others.length)];
}
