import type { Analysis } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { readAnalysisEvent } from './analysis-events';

const FALLBACK = 'fallback';
const stored: Analysis = {
  id: '00000000-0000-4000-8000-000000000002',
  incidentId: '00000000-0000-4000-8000-000000000001',
  question: 'Impact?',
  answer: 'Two sites [1].',
  engine: 'BUILT_IN',
  model: null,
  status: 'COMPLETE',
  error: null,
  citations: [{ kind: 'SITE', id: 's1', label: 'Rotterdam DC', href: '/admin/suppliers' }],
  askedBy: { id: '00000000-0000-4000-8000-000000000003', name: 'Paula', email: 'p@x.example' },
  createdAt: '2026-06-02T10:00:00.000Z',
};

describe('readAnalysisEvent', () => {
  it('reads a delta’s text', () => {
    expect(readAnalysisEvent({ event: 'delta', data: '{"text":"Two "}' }, FALLBACK)).toEqual({
      kind: 'delta',
      text: 'Two ',
    });
  });

  it('reads the stored analysis of done, bare or in an envelope', () => {
    for (const body of [stored, { analysis: stored }, { data: { analysis: stored } }]) {
      expect(readAnalysisEvent({ event: 'done', data: JSON.stringify(body) }, FALLBACK)).toEqual({
        kind: 'done',
        analysis: stored,
      });
    }
  });

  it('reads the message of error, and falls back when an ending cannot be read', () => {
    expect(
      readAnalysisEvent({ event: 'error', data: '{"message":"Model down"}' }, FALLBACK),
    ).toEqual({ kind: 'error', message: 'Model down' });
    expect(readAnalysisEvent({ event: 'error', data: 'oops' }, FALLBACK)).toEqual({
      kind: 'error',
      message: FALLBACK,
    });
    expect(readAnalysisEvent({ event: 'done', data: '{"id":1}' }, FALLBACK)).toEqual({
      kind: 'error',
      message: FALLBACK,
    });
  });

  it('skips an unreadable delta and events of other names', () => {
    expect(readAnalysisEvent({ event: 'delta', data: 'not json' }, FALLBACK).kind).toBe('other');
    expect(readAnalysisEvent({ event: 'message', data: '{}' }, FALLBACK).kind).toBe('other');
  });
});
