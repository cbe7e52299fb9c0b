/** A large US city the location box understands without a geocoding service. */
export interface City {
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  timeZone: string;
  /** A representative ZIP code, used for demo data and as a hint in forms. */
  zipCode: string;
}
