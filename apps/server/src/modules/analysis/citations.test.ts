import type { Citation } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { sectionOrder } from './built-in-analyst.js';
import { keepCited } from './citations.js';

const citations: Citation[] = [1, 2, 3, 4, 5].map((n) => ({
  kind: 'SITE',
  id: `site-${n}`,
  label: `Site ${n}`,
  href: '/admin/suppliers',
}));

describe('keepCited', () => {
  it('keeps the cited records in the order first cited and renumbers the answer to match', () => {
    const result = keepCited('Plant [4] is near [2, 4]; both [2-3] matter.', citations);
    expect(result.citations.map((citation) => citation.id)).toEqual(['site-4', 'site-2', 'site-3']);
    expect(result.answer).toBe('Plant [1] is near [2][1]; both [2][3] matter.');
  });

  it('drops references to records that do not exist', () => {
    const result = keepCited('Known [1], invented [9].', citations);
    expect(result).toEqual({ answer: 'Known [1], invented.', citations: [citations[0]] });
  });

  it('keeps every record when the answer cites none', () => {
    expect(keepCited('No references here.', citations).citations).toHaveLength(5);
  });
});

describe('the built-in analyst', () => {
  it('answers what the question points at first', () => {
    expect(sectionOrder('Which shipments are exposed?')[0]).toBe('exposed');
    expect(sectionOrder('What is overdue?')[0]).toBe('overdue');
    expect(sectionOrder('How long did similar events last?')[0]).toBe('comparable');
    expect(sectionOrder('Is the plan progressing?')[0]).toBe('response');
    expect(sectionOrder('Tell me')).toEqual([
      'happened',
      'exposed',
      'response',
      'overdue',
      'comparable',
    ]);
  });
});
