import type { Toolbox } from '../../lib/assistant-engine';
import { type CatalogType, findCatalogType } from './prices';

/**
 * The service a question is about, for its length (decision 047): a free time the assistant offers
 * must be free for the whole service, as the booking page will check it, and its booking link opens
 * on that service. A question naming none is about a regular clean.
 */
export interface AskedService {
  id: number;
  name: string;
  duration: number;
}

export async function askedService(toolbox: Toolbox, message: string): Promise<AskedService | null> {
  const type: CatalogType = findCatalogType(message) ?? 'regular';
  const listed = await toolbox.call('listServices', {});
  const rows = listed.ok ? (listed.data as Array<{ id: number; name: string; type: string; duration: number }>) : [];
  const row = rows.find((s) => s.type === type);
  return row ? { id: row.id, name: row.name, duration: row.duration } : null;
}

/** The booking page for a cleaner, on the service asked about, with a date and time chosen. */
export function bookingHref(cleanerId: number, service: AskedService | null, date: string, time: string): string {
  return `/booking/${cleanerId}${service ? `/${service.id}` : ''}?date=${date}&time=${time}`;
}
