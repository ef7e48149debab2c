import { describe, expect, it } from 'vitest';
import type { OutboundMessage } from './channel-types.js';
import { SMS_MAX_LENGTH, smsText } from './channel-sms.js';

const message = (changes: Partial<OutboundMessage>): OutboundMessage => ({
  deliveryId: 'd',
  kind: 'EXPOSURE_NEW',
  severity: 'HIGH',
  title: 'New exposure: Strike at Port Klang',
  lines: ['Now exposed: 1 site (Westport terminal)'],
  url: 'https://meridian.example/admin/events/5f0c8c1e-7f4e-4b8e-9a51-0d1f7e2b9c11',
  incidentId: null,
  incident: null,
  createdAt: new Date(0),
  ...changes,
});

describe('an alert as a text message', () => {
  it('says what, what happened and the link in one segment when it fits', () => {
    expect(smsText(message({ url: 'https://m.example/e/1' }))).toBe(
      'Meridian High: New exposure: Strike at Port Klang\nNow exposed: 1 site (Westport terminal)\nhttps://m.example/e/1',
    );
  });

  it('cuts the words, never the link, to stay within 160 characters in GSM-7', () => {
    const text = smsText(
      message({
        lines: [
          'Now exposed: 12 sites (Westport terminal, Northport, Pasir Gudang and 9 more); 246 shipments',
        ],
      }),
    );
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(
      text.endsWith('\nhttps://meridian.example/admin/events/5f0c8c1e-7f4e-4b8e-9a51-0d1f7e2b9c11'),
    ).toBe(true);
    expect(text).toMatch(
      /^Meridian High: New exposure: Strike at Port Klang\nNow exposed: 12 sites.*\.\.\.\n/,
    );
    expect(text).not.toContain('…');
  });

  it('leaves out a link too long to leave room for words', () => {
    const text = smsText(message({ url: `https://meridian.example/${'x'.repeat(120)}` }));
    expect(text.length).toBeLessThanOrEqual(SMS_MAX_LENGTH);
    expect(text).not.toContain('https://');
  });
});
