import { describe, expect, it } from 'vitest';
import { bellLabel, unreadBadge } from './unread-badge';

describe('the bell', () => {
  it('shows no badge at 0, the count up to 99, then 99+', () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(1)).toBe('1');
    expect(unreadBadge(99)).toBe('99');
    expect(unreadBadge(100)).toBe('99+');
    expect(unreadBadge(4321)).toBe('99+');
  });

  it('names the exact count for assistive technology', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(250)).toBe('Notifications, 250 unread');
  });
});
