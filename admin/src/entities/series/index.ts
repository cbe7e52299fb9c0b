// Recurring cleanings (decision 088): shared by the booking page, checkout, the customer's and the
// cleaner's dashboards, so an entity rather than a feature.
export { seriesKeys, seriesListQuery, useMakeRecurring, useSeriesAction } from './api/series';
export { FrequencyChoiceField, SeriesTerms } from './components/frequency-choice';
export { SeriesCard } from './components/series-card';
export { SeriesList } from './components/series-list';
export { SeriesNote } from './components/series-note';
export {
  type FrequencyChoice,
  frequencyFromOnboarding,
  frequencyPhrase,
  seriesPagePath,
} from './utils/series';
