import { z } from 'zod';
import { listOf, Money } from './common';

export const ServiceKind = z.enum([
  'regular',
  'deep',
  'commercial',
  'moveout',
  'office',
  'window',
  'carpet',
  'post_construction',
]);
export const ServiceCategory = z.enum(['residential', 'commercial']);

export const Service = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    type: ServiceKind,
    category: ServiceCategory,
    basePrice: Money,
    duration: z.number().int().meta({ description: 'minutes' }),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof Service>;

export const ServiceList = listOf(Service).meta({ id: 'ServiceList' });
export type ServiceList = z.infer<typeof ServiceList>;
