import type { IncidentType, NewsRule } from '@meridian/contracts';
import { INCIDENT_TYPES } from '@meridian/contracts/constants';

/** Rules as an admin writes them: one per line, `TYPE: keyword, keyword`. */
export const rulesToText = (rules: readonly NewsRule[]): string =>
  rules.map((rule) => `${rule.type}: ${rule.keywords.join(', ')}`).join('\n');

/** The lines back into rules, or the first line's problem ("Line 2: …"). */
export function textToRules(text: string): { rules: NewsRule[] } | { error: string } {
  const rules: NewsRule[] = [];
  const lines = text.split('\n');
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '') continue;
    const colon = line.indexOf(':');
    const type = line.slice(0, Math.max(colon, 0)).trim().toUpperCase();
    if (colon < 0 || !(INCIDENT_TYPES as readonly string[]).includes(type)) {
      return {
        error: `Line ${index + 1}: start with an incident type and a colon (${INCIDENT_TYPES.join(', ')})`,
      };
    }
    const keywords = line
      .slice(colon + 1)
      .split(',')
      .map((keyword) => keyword.trim())
      .filter((keyword) => keyword !== '');
    rules.push({ type: type as IncidentType, keywords });
  }
  return { rules };
}
