import { describe, expect, it } from 'vitest';
import { downloadName } from './download-name';

describe('downloadName', () => {
  it('prefers the UTF-8 name, then the quoted or bare one', () => {
    expect(
      downloadName(
        `attachment; filename="Dock strike.pdf"; filename*=UTF-8''D%C3%A9gel%20report.pdf`,
        'x.pdf',
      ),
    ).toBe('Dégel report.pdf');
    expect(downloadName('attachment; filename="Dock \\"strike\\".pdf"', 'x.pdf')).toBe(
      'Dock "strike".pdf',
    );
    expect(downloadName('attachment; filename=events.csv', 'x.csv')).toBe('events.csv');
  });

  it('drops folders and falls back when there is no name', () => {
    expect(downloadName('attachment; filename="../../etc/passwd"', 'x')).toBe('passwd');
    expect(downloadName(null, 'meridian.csv')).toBe('meridian.csv');
    expect(downloadName('attachment', 'meridian.csv')).toBe('meridian.csv');
  });
});
