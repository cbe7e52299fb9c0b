import type { EvalCase } from './case';
import holdout from './questions.holdout.json' with { type: 'json' };
import tuning from './questions.tuning.json' with { type: 'json' };

/**
 * The labelled question set (decision 047), as data: `questions.tuning.json` is what the offline
 * engine may be tuned on; `questions.holdout.json` is never read while tuning and is scored
 * separately.
 */
export const TUNING_CASES = tuning as EvalCase[];
export const HOLDOUT_CASES = holdout as EvalCase[];
