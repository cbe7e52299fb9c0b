import '../tips.css';
import { useEffect, useRef, useState } from 'react';
import { SparkleIcon } from '../../../components/icons';
import { CLEANING_TIPS, randomTip, tipOfTheDay } from '../utils/tips';

/** A refresh shows a random tip after this delay (docs/product/discovery.md). */
export const TIP_REFRESH_DELAY_MS = 500;

/** The Daily Tips block of the listing page (docs/product/discovery.md). */
export function CleaningTipsWidget() {
  const [tip, setTip] = useState(() => tipOfTheDay(CLEANING_TIPS, new Date()));
  const [refreshing, setRefreshing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const refresh = () => {
    setRefreshing(true);
    timer.current = setTimeout(() => {
      setTip((current) => randomTip(CLEANING_TIPS, current?.id));
      setRefreshing(false);
    }, TIP_REFRESH_DELAY_MS);
  };

  if (!tip) return null;
  return (
    <article className="card tip-card" data-testid="cleaning-tip" aria-busy={refreshing}>
      <div className="tip-card__head">
        <SparkleIcon width={20} height={20} aria-hidden="true" />
        <h3 className="card__title">{tip.title}</h3>
      </div>
      <p>{tip.tip}</p>
      <ul className="tag-list" aria-label="Tip details">
        <li className="tag">{tip.category}</li>
        <li className="tag">{tip.difficulty}</li>
        <li className="tag">{tip.timeRequired}</li>
        {tip.season ? <li className="tag">{tip.season}</li> : null}
      </ul>
      <p className="tip-card__materials">
        <strong>You will need:</strong> {tip.materials.join(', ')}
      </p>
      <button type="button" className="btn btn--outline btn--sm" onClick={refresh} disabled={refreshing}>
        {refreshing ? 'Loading...' : 'Another tip'}
      </button>
    </article>
  );
}
