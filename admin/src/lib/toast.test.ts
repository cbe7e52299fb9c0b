import { beforeEach, describe, expect, it } from 'vitest';
import { dismissToast, TOAST_DURATION, toast, useToastStore } from './toast';

describe('toast', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
  });

  it('keeps only the newest toast', () => {
    toast({ title: 'First' });
    toast({ title: 'Second', description: 'Newer', variant: 'destructive' });
    expect(useToastStore.getState().toasts).toMatchObject([
      { title: 'Second', description: 'Newer', variant: 'destructive', open: true },
    ]);
  });

  it('defaults to the default variant and 5000 ms', () => {
    toast({ title: 'Hello' });
    expect(useToastStore.getState().toasts[0]).toMatchObject({ variant: 'default', duration: TOAST_DURATION });
    expect(TOAST_DURATION).toBe(5000);
  });

  it('closes a dismissed toast', () => {
    const { id } = toast({ title: 'Bye' });
    dismissToast(id);
    expect(useToastStore.getState().toasts[0]?.open).toBe(false);
  });
});
