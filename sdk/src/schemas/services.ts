import { z } from 'zod';
import { listOf, Money } from './common';
import { linkTo } from './hypermedia';

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
    links: z.object({ self: linkTo('getService'), services: linkTo('listServices') }),
    actions: z.object({}),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof Service>;

export const ServiceList = listOf(Service)
  .extend({ links: z.object({ self: linkTo('listServices') }) })
  .meta({ id: 'ServiceList' });
export type ServiceList = z.infer<typeof ServiceList>;
