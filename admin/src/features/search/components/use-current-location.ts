import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../../lib/toast';

/** The browser's location (docs/product/discovery.md): high accuracy, 10 s timeout, a cached position up to 5 minutes old. */
export const GEOLOCATION_OPTIONS: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 };

type Permission = 'prompt' | 'granted' | 'denied' | 'unknown';

/**
 * The use-current-location button's state: the permission (the button hides once denied), and a
 * locate() that toasts the product's messages (docs/product/discovery.md). A granted permission
 * locates at once.
 */
export function useCurrentLocation(onLocated: (coords: { latitude: number; longitude: number }) => void) {
  const [permission, setPermission] = useState<Permission>('unknown');
  const [locating, setLocating] = useState(false);

  const locate = useCallback(() => {
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      toast({
        title: 'Geolocation Not Supported',
        description: "Your browser doesn't support location services. Please enter your location manually.",
        variant: 'destructive',
      });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        setPermission('granted');
        onLocated({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        toast({ title: 'Location Found', description: 'Using your current location for search results.' });
      },
      (error) => {
        setLocating(false);
        if (error.code === error.PERMISSION_DENIED) setPermission('denied');
        toast({
          title: 'Location Error',
          description: 'Unable to get your current location. You can still search by city or ZIP code.',
          variant: 'destructive',
        });
      },
      GEOLOCATION_OPTIONS,
    );
  }, [onLocated]);

  const locateRef = useRef(locate);
  locateRef.current = locate;

  // Once on mount: a granted permission fetches the location at once (docs/product/discovery.md).
  useEffect(() => {
    let cancelled = false;
    navigator.permissions
      ?.query({ name: 'geolocation' })
      .then((status) => {
        if (cancelled) return;
        setPermission(status.state);
        if (status.state === 'granted') locateRef.current();
        status.onchange = () => setPermission(status.state);
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, []);

  return { hidden: permission === 'denied', locating, locate };
}
