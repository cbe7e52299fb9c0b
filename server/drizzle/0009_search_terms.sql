-- The terms the cleaner search index holds, with how many cleaners hold each (decision 056): a
-- keyword search that finds nothing reads a misspelt word as the nearest of them ("jmaes cartr").
-- fts5vocab reads cleaner_search itself, so it needs no triggers and is never out of date.
CREATE VIRTUAL TABLE `cleaner_search_terms` USING fts5vocab(`cleaner_search`, 'row');
