import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { timestamps } from './columns';

/** The service catalogue. */

export const services = sqliteTable(
  'services',
  {
    id: integer().primaryKey({ autoIncrement: true }),
    name: text().notNull(),
    description: text().notNull(),
    type: text({
      enum: ['regular', 'deep', 'commercial', 'moveout', 'office', 'window', 'carpet', 'post_construction'],
    }).notNull(),
    category: text({ enum: ['residential', 'commercial'] }).notNull(),
    basePriceCents: integer().notNull(),
    durationMinutes: integer().notNull(),
    isActive: integer({ mode: 'boolean' }).notNull().default(true),
    ...timestamps,
  },
  (t) => [index('services_category_idx').on(t.category, t.type)],
);

export type ServiceRow = typeof services.$inferSelect;
