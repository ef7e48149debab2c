import { DEFAULT_NEWS_RULES, type IncidentType, type NewsRule } from '@meridian/contracts';
import { feedDate, readItems } from './rss.js';
import { type Connector, type FeedEvent, descriptionOf, titleOf } from './types.js';
import { textOf } from './xml.js';

/** A keyword as a pattern: whole words, any case, spaces or hyphens between, plural allowed. */
function keywordPattern(keyword: string): RegExp {
  const words = keyword
    .trim()
    .split(/[\s-]+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}\\p{N}])${words.join('[\\s-]+')}(?:e?s)?(?![\\p{L}\\p{N}])`, 'iu');
}

type CompiledRule = { type: IncidentType; patterns: RegExp[] };
const compile = (rules: readonly NewsRule[]): CompiledRule[] =>
  rules.map((rule) => ({ type: rule.type, patterns: rule.keywords.map(keywordPattern) }));

/** The type of the first rule with a keyword in the text. */
function matchRules(rules: readonly CompiledRule[], text: string): IncidentType | null {
  for (const rule of rules) {
    if (rule.patterns.some((pattern) => pattern.test(text))) return rule.type;
  }
  return null;
}

/**
 * Capitalised words that begin many headlines or name no place, left out of the candidates
 * (several are also the names of small towns: "Man", "Police", "Union").
 */
const NOT_PLACES = new Set(
  [
    'the a an and or but update breaking live exclusive analysis opinion watch video',
    'strike strikes fire fires explosion blast port ports canal customs border workers union',
    'police man government minister president ceo company group news report reports',
    'monday tuesday wednesday thursday friday saturday sunday',
    'january february march april may june july august september october november december',
  ]
    .join(' ')
    .split(' '),
);

/** Words after which a headline names where something happened. */
const PLACE_PREPOSITIONS = /^(?:at|in|near|off|outside|from|to|through|across|into|on)$/i;

/** Joining words inside a place's name ("Strait of Hormuz", "Bab-el-Mandeb", "Rio de Janeiro"). */
const JOINERS = /^(?:of|de|del|da|do|dos|el|al|la|le)$/;

/**
 * The names a text may place its event at, most likely first: runs of capitalised words
 * ("Port Klang", "Strait of Hormuz"), each run and its shorter parts (a title-case headline is
 * one long run), those after "at", "in", "near"… before the others, longer before shorter.
 */
export function placeCandidates(text: string, limit = 24): string[] {
  const tokens = text.split(/[\s,;:!?()"“”]+/).filter((token) => token !== '');
  const runs: { words: string[]; afterPreposition: boolean }[] = [];
  let run: string[] = [];
  let afterPreposition = false;
  const close = () => {
    // A joining word cannot end a name.
    while (run.length > 0 && JOINERS.test(run.at(-1) ?? '')) run.pop();
    if (run.length > 0) runs.push({ words: run, afterPreposition });
    run = [];
  };
  let prepositionBefore = false;
  for (const raw of tokens) {
    const token = raw.replace(/^['‘’]+|['‘’.]+$/g, '').replace(/['’]s$/, '');
    const capitalised = /^\p{Lu}/u.test(token);
    if (PLACE_PREPOSITIONS.test(token)) {
      // "at", or "At" inside a title-case headline: a place may follow.
      close();
      prepositionBefore = true;
      continue;
    }
    if (capitalised) {
      if (run.length === 0) afterPreposition = prepositionBefore;
      run.push(token);
    } else if (run.length > 0 && JOINERS.test(token)) {
      run.push(token);
    } else {
      close();
    }
    prepositionBefore = false;
    // A sentence's end closes the run even between capitalised words.
    if (/[.]$/.test(raw) && !/^\p{Lu}\.?$/u.test(raw)) close();
  }
  close();
  const seen = new Set<string>();
  const found: { name: string; rank: number }[] = [];
  runs.forEach(({ words, afterPreposition: preferred }, order) => {
    for (let length = Math.min(words.length, 4); length >= 1; length -= 1) {
      for (let start = 0; start + length <= words.length; start += 1) {
        const part = words.slice(start, start + length);
        if (JOINERS.test(part[0] ?? '') || JOINERS.test(part.at(-1) ?? '')) continue;
        if (part.length === 1 && NOT_PLACES.has((part[0] ?? '').toLowerCase())) continue;
        const name = part.join(' ');
        if (seen.has(name)) continue;
        seen.add(name);
        // After a preposition first; then in order of the text, longer names first.
        found.push({ name, rank: (preferred ? 0 : 1_000) + order * 10 + (4 - length) });
      }
    }
  });
  return found
    .sort((a, b) => a.rank - b.rank)
    .slice(0, limit)
    .map(({ name }) => name);
}

/**
 * News: any RSS 2.0 or Atom feed of articles (a publisher's feed, a news search's). An item
 * whose title or summary holds a keyword of the source's rules (DEFAULT_NEWS_RULES when it has
 * none) becomes an unverified incident of the rule's type, MEDIUM until a person grades it,
 * placed by the names its title (then its summary) gives: the geocoder places it before it is
 * written (`placeNames`), and an item no name places is skipped. Items matching no rule are
 * skipped. The item's guid (or link) is its identity; its publication is its start.
 */
export const newsConnector: Connector = {
  kind: 'NEWS',
  snapshot: false,
  parse(document, options) {
    const rules = compile(options?.rules ?? DEFAULT_NEWS_RULES);
    const events = new Map<string, FeedEvent>();
    let skipped = 0;
    for (const { node: item, id, link, title, summary } of readItems(document)) {
      const type = title ? matchRules(rules, `${title}\n${summary ?? ''}`) : null;
      if (!id || !title || !type) {
        skipped += 1;
        continue;
      }
      const names = [...placeCandidates(title), ...placeCandidates(summary ?? '', 12)];
      events.set(id, {
        sourceId: id,
        title: titleOf(title),
        description: descriptionOf(summary),
        type,
        hazard: null,
        severity: 'MEDIUM',
        lat: null,
        lng: null,
        area: null,
        countryCode: null,
        affectedRadiusKm: null,
        startsAt:
          feedDate(textOf(item.pubDate)) ??
          feedDate(textOf(item.published)) ??
          feedDate(textOf(item.updated)),
        endsAt: null,
        closed: false,
        sourceUrl: link,
        placeNames: [...new Set(names)],
        unverified: true,
      });
    }
    return { events: [...events.values()], skipped };
  },
};
