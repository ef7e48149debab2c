import { describe, expect, it } from 'vitest';
import type { OutboundMessage } from './channel-types.js';
import { slackPayload } from './channel-slack.js';
import { teamsPayload } from './channel-teams.js';

/** An incident whose title and sites carry what Markdown and Slack's mrkdwn would take as markup. */
const message: OutboundMessage = {
  deliveryId: 'd',
  kind: 'EXPOSURE_NEW',
  severity: 'HIGH',
  title: 'New exposure: Strike *at* [Port](https://evil.example) <Klang> & _co_',
  lines: ['Now exposed: 1 site (# 1. Westport *terminal*)'],
  url: 'https://meridian.example/admin/events/5f0c8c1e-7f4e-4b8e-9a51-0d1f7e2b9c11',
  incidentId: '5f0c8c1e-7f4e-4b8e-9a51-0d1f7e2b9c11',
  incident: {
    kind: 'Strike · In progress',
    place: '9 km W of Pelabuhan Klang, Malaysia',
    priority: 'P1',
    valueAtRisk: null,
    exposedNow: { sites: 1, shipments: 0 },
    topSites: [{ name: 'Westport **terminal**', criticality: 'CRITICAL' }],
    plan: null,
    summary: 'Dockworkers _walk out_; see [notice](https://evil.example)',
  },
  createdAt: new Date(0),
};

type Node = { type: string; text?: string; inlines?: Node[]; items?: Node[]; body?: Node[] };
/** Every element of a card, depth first. */
const walk = (node: Node): Node[] => [
  node,
  ...[...(node.body ?? []), ...(node.items ?? []), ...(node.inlines ?? [])].flatMap(walk),
];

describe('what a chat message shows of text people and feeds wrote', () => {
  it('puts every text of the Teams card in TextRuns, which render no Markdown', () => {
    const card = teamsPayload(message).attachments[0]?.content as unknown as Node;
    const elements = walk(card);
    // No element that renders Markdown: no TextBlock, no FactSet.
    expect(elements.filter((node) => ['TextBlock', 'FactSet'].includes(node.type))).toEqual([]);
    const texts = elements.flatMap((node) => (node.type === 'TextRun' ? [node.text] : []));
    // Shown exactly as written.
    expect(texts).toContain(message.title);
    expect(texts).toContain('Now exposed: 1 site (# 1. Westport *terminal*)');
    expect(texts).toContain('Dockworkers _walk out_; see [notice](https://evil.example)');
    expect(texts).toContain('9 km W of Pelabuhan Klang, Malaysia');
  });

  it('puts every text of the Slack message in plain_text, and escapes the mrkdwn fallback', () => {
    const payload = slackPayload(message);
    // Every text object anywhere in the blocks.
    const textsIn = (value: unknown): { type: string; text: string }[] => {
      if (Array.isArray(value)) return value.flatMap(textsIn);
      if (typeof value !== 'object' || value === null) return [];
      const object = value as Record<string, unknown>;
      const own =
        (object.type === 'plain_text' || object.type === 'mrkdwn') &&
        typeof object.text === 'string'
          ? [object as { type: string; text: string }]
          : [];
      return [...own, ...Object.values(object).flatMap(textsIn)];
    };
    const texts = textsIn(payload.blocks);
    expect(texts.length).toBeGreaterThan(5);
    expect(texts.every((text) => text.type === 'plain_text')).toBe(true);
    expect(texts.map((text) => text.text)).toEqual(
      expect.arrayContaining([
        message.title,
        '• Now exposed: 1 site (# 1. Westport *terminal*)',
        'Sites hit: Westport **terminal** (Critical)',
        'Summary: Dockworkers _walk out_; see [notice](https://evil.example)',
      ]),
    );
    expect(payload.text).toBe(
      'High: New exposure: Strike *at* [Port](https://evil.example) &lt;Klang&gt; &amp; _co_',
    );
  });
});
