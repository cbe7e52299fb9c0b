import ICAL from 'ical.js';

/**
 * An `.ics` file read back by a parser that is not its writer (decision 083): ical.js, Mozilla's,
 * with the file's own VTIMEZONEs registered, so each instant is the one the file's zone rules give.
 */
export interface ReadEvent {
  uid: string;
  sequence: number;
  summary: string;
  location: string;
  description: string;
  url: string;
  status: string;
  /** The zone named by DTSTART's TZID. */
  timeZone: string | null;
  /** The wall-clock start as written, `YYYY-MM-DDTHH:MM:SS`. */
  localStart: string;
  start: Date;
  end: Date;
}

export interface ReadCalendar {
  name: string | null;
  timeZone: string | null;
  zones: string[];
  events: ReadEvent[];
}

export function readIcs(text: string): ReadCalendar {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents('vtimezone');
  for (const zone of zones) ICAL.TimezoneService.register(zone);
  try {
    const events = calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      const dtstart = component.getFirstProperty('dtstart');
      return {
        uid: event.uid,
        sequence: event.sequence,
        summary: event.summary,
        location: event.location,
        description: event.description,
        url: String(component.getFirstPropertyValue('url') ?? ''),
        status: String(component.getFirstPropertyValue('status') ?? ''),
        timeZone: (dtstart?.getParameter('tzid') as string | undefined) ?? null,
        localStart: event.startDate.toString(),
        start: event.startDate.toJSDate(),
        end: event.endDate.toJSDate(),
      };
    });
    return {
      name: (calendar.getFirstPropertyValue('x-wr-calname') as string | null) ?? null,
      timeZone: (calendar.getFirstPropertyValue('x-wr-timezone') as string | null) ?? null,
      zones: zones.map((zone) => String(zone.getFirstPropertyValue('tzid'))),
      events,
    };
  } finally {
    for (const zone of zones) ICAL.TimezoneService.remove(String(zone.getFirstPropertyValue('tzid')));
  }
}
