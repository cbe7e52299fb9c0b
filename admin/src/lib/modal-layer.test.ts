import { describe, expect, it } from 'vitest';
import { enterModalLayer, topModal } from './modal-layer';

const dialog = (name: string) => ({ name }) as unknown as HTMLElement;

describe('modal layer', () => {
  it('answers the dialog opened last, and the one under it once that closes', () => {
    expect(topModal()).toBeNull();
    const first = dialog('first');
    const second = dialog('second');
    const leaveFirst = enterModalLayer(first);
    expect(topModal()).toBe(first);
    const leaveSecond = enterModalLayer(second);
    expect(topModal()).toBe(second);
    leaveSecond();
    expect(topModal()).toBe(first);
    // Closing out of order leaves the other one on top.
    const leaveAgain = enterModalLayer(second);
    leaveFirst();
    expect(topModal()).toBe(second);
    leaveAgain();
    expect(topModal()).toBeNull();
  });
});
