import { type Analysis, type Citation } from '@meridian/contracts';
import * as API_MESSAGES from '@meridian/contracts/messages';
import { describe, expect, it } from 'vitest';
import {
  latestComplete,
  linkCitations,
  newestFirst,
  separateNotice,
  summaryLines,
} from './analysis-display';

const citation = (n: number, href = `/admin/events/e${n}`): Citation => ({
  kind: 'INCIDENT',
  id: `e${n}`,
  label: `Record "${n}"`,
  href,
});

const analysis = (id: string, createdAt: string, status: Analysis['status']): Analysis => ({
  id,
  incidentId: '00000000-0000-4000-8000-000000000001',
  question: 'What now?',
  answer: 'An answer.',
  engine: 'BUILT_IN',
  model: null,
  status,
  error: status === 'FAILED' ? 'It failed' : null,
  citations: [],
  askedBy: null,
  createdAt,
});

describe('linkCitations', () => {
  it('turns [n] into a titled link to the n-th citation', () => {
    expect(linkCitations('Port closed [1], lanes at risk [2].', [citation(1), citation(2)])).toBe(
      'Port closed [\\[1\\]](</admin/events/e1> "Record \\"1\\"")' +
        ', lanes at risk [\\[2\\]](</admin/events/e2> "Record \\"2\\"").',
    );
  });

  it('leaves markers without a citation, links, references, definitions and code alone', () => {
    const text =
      'Unknown [3]. A [link](/x) and [text][1].\n[1]: /elsewhere\n`array[1]`\n```\nrows[1]\n```';
    expect(linkCitations(text, [citation(1)])).toBe(text);
  });

  it('refuses an href that would break out of the link', () => {
    expect(linkCitations('See [1]', [citation(1, '/a> [x](javascript:alert(1)')])).toBe('See [1]');
  });
});

describe('summaryLines', () => {
  it('keeps the first lines as plain text, without headings, markup, citations or code', () => {
    const answer = [
      '## Situation',
      '',
      '**Dock strike** at _Antwerp_ closes two terminals [1].',
      'Latest on the timeline:',
      '```',
      'ignored()',
      '```',
      '- 3 shipments on [the lane](/admin/suppliers) are late [2]',
      '---',
      '> Plan B is ready',
      'Not shown',
    ].join('\n');
    expect(summaryLines(answer)).toEqual([
      'Dock strike at Antwerp closes two terminals.',
      '3 shipments on the lane are late',
      'Plan B is ready',
    ]);
    expect(summaryLines(answer, 4).at(-1)).toBe('Not shown');
  });

  it('shortens a very long line', () => {
    const [line] = summaryLines('x'.repeat(500));
    expect(line).toHaveLength(240);
    expect(line?.endsWith('…')).toBe(true);
  });
});

describe('newestFirst and latestComplete', () => {
  const older = analysis('a', '2026-06-01T10:00:00.000Z', 'COMPLETE');
  const newer = analysis('b', '2026-06-02T10:00:00.000Z', 'COMPLETE');
  const failed = analysis('c', '2026-06-03T10:00:00.000Z', 'FAILED');

  it('orders by time whatever the order received', () => {
    expect(newestFirst([older, failed, newer]).map(({ id }) => id)).toEqual(['c', 'b', 'a']);
  });

  it('skips failed attempts for the latest answer', () => {
    expect(latestComplete([older, failed, newer])?.id).toBe('b');
    expect(latestComplete([failed])).toBeNull();
  });
});

describe('separateNotice', () => {
  it('takes the built-in analyst’s opening notice off the answer', () => {
    expect(
      separateNotice(`${API_MESSAGES.analysis.noModel}\n\n## What happened\n\nA strike.`),
    ).toEqual({
      notice: true,
      body: '## What happened\n\nA strike.',
    });
  });

  it('leaves an answer without it as it is, and a notice still arriving as the notice', () => {
    expect(separateNotice('## What happened')).toEqual({ notice: false, body: '## What happened' });
    expect(separateNotice(API_MESSAGES.analysis.noModel)).toEqual({ notice: true, body: '' });
  });
});
