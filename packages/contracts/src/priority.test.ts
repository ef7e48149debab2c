import { describe, expect, it } from 'vitest';
import {
  type PriorityInputs,
  meetsPriority,
  priorityOf,
  priorityOfPoints,
  priorityPoints,
  priorityRank,
  totalPoints,
} from './priority.js';

const BASE: PriorityInputs = {
  severity: 'MEDIUM',
  criticality: 'MEDIUM',
  proximity: 0.6,
  valueDays: null,
  valueKnown: false,
  singleSource: false,
};

describe('priority', () => {
  // Each row is worked by hand from the README's table: the points, their total, the priority.
  const cases: { name: string; inputs: Partial<PriorityInputs>; points: number[]; want: string }[] =
    [
      {
        name: 'a critical quake next to a critical single source, a month of revenue at risk',
        inputs: {
          severity: 'CRITICAL',
          criticality: 'CRITICAL',
          proximity: 0.05,
          valueDays: 30,
          valueKnown: true,
          singleSource: true,
        },
        points: [3, 3, 2, 3, 2],
        want: 'P1',
      },
      {
        name: 'a high strike near a high site, two days of revenue',
        inputs: {
          severity: 'HIGH',
          criticality: 'HIGH',
          proximity: 0.3,
          valueDays: 2,
          valueKnown: true,
        },
        points: [2, 2, 1, 2, 0],
        want: 'P2',
      },
      {
        name: 'the strike that reaches 246 shipments and no site, cargo value unknown',
        inputs: { severity: 'HIGH', criticality: null, proximity: 0.02 },
        points: [2, 1, 2, 0, 0],
        want: 'P3',
      },
      {
        name: 'a low storm at the edge of its reach over a low site, half a day at risk',
        inputs: {
          severity: 'LOW',
          criticality: 'LOW',
          proximity: 0.9,
          valueDays: 0.5,
          valueKnown: true,
        },
        points: [0, 0, 0, 1, 0],
        want: 'P4',
      },
      {
        name: 'value at risk with no revenue to weigh it against counts as the least',
        inputs: { valueDays: null, valueKnown: true },
        points: [1, 1, 0, 1, 0],
        want: 'P3',
      },
      {
        name: 'exactly at the cuts: a fifth of the reach, a day, seven days',
        inputs: {
          severity: 'HIGH',
          criticality: 'CRITICAL',
          proximity: 0.2,
          valueDays: 1,
          valueKnown: true,
        },
        points: [2, 3, 2, 2, 0],
        want: 'P1',
      },
      {
        name: 'a single source alone lifts a medium incident at the edge from P4 to P3',
        inputs: { singleSource: true, proximity: 0.9 },
        points: [1, 1, 0, 0, 2],
        want: 'P3',
      },
    ];
  it.each(cases)('$name: $want', ({ inputs, points, want }) => {
    const given = { ...BASE, ...inputs };
    const got = priorityPoints(given);
    expect([got.severity, got.criticality, got.proximity, got.value, got.singleSource]).toEqual(
      points,
    );
    expect(priorityOf(given)).toBe(want);
  });

  it('cuts totals at 9, 6 and 3', () => {
    expect([13, 9, 8, 6, 5, 3, 2, 0].map(priorityOfPoints)).toEqual([
      'P1',
      'P1',
      'P2',
      'P2',
      'P3',
      'P3',
      'P4',
      'P4',
    ]);
    expect(
      totalPoints({ severity: 1, criticality: 2, proximity: 0, value: 3, singleSource: 2 }),
    ).toBe(8);
  });

  it('lets an alert through a minimum priority only at that priority or higher', () => {
    expect(meetsPriority(null, null)).toBe(true);
    expect(meetsPriority(null, 'P4')).toBe(true);
    expect(meetsPriority('P2', 'P1')).toBe(true);
    expect(meetsPriority('P2', 'P2')).toBe(true);
    expect(meetsPriority('P2', 'P3')).toBe(false);
    expect(meetsPriority('P4', null)).toBe(false);
  });

  it('ranks P1 highest and not exposed lowest', () => {
    expect(['P1', 'P2', 'P3', 'P4', null].map((p) => priorityRank(p as never))).toEqual([
      4, 3, 2, 1, 0,
    ]);
  });

  it('takes a week of revenue for three points, and seven days exactly', () => {
    expect(priorityPoints({ ...BASE, valueDays: 7, valueKnown: true }).value).toBe(3);
    expect(priorityPoints({ ...BASE, valueDays: 6.99, valueKnown: true }).value).toBe(2);
  });
});
