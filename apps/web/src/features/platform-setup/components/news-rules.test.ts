import { DEFAULT_NEWS_RULES } from '@meridian/contracts';
import { describe, expect, it } from 'vitest';
import { rulesToText, textToRules } from './news-rules';

describe('news rules as lines of text', () => {
  it('reads back what it writes', () => {
    expect(textToRules(rulesToText(DEFAULT_NEWS_RULES))).toEqual({ rules: DEFAULT_NEWS_RULES });
  });

  it('reads types in any case, trims keywords and skips blank lines', () => {
    expect(textToRules('strike:  walkout , dock strike,\n\n  cyber: ransomware')).toEqual({
      rules: [
        { type: 'STRIKE', keywords: ['walkout', 'dock strike'] },
        { type: 'CYBER', keywords: ['ransomware'] },
      ],
    });
  });

  it('names the line without a known type', () => {
    const answer = textToRules('STRIKE: walkout\nFLOODS: river');
    expect('error' in answer && answer.error).toMatch(/^Line 2: start with an incident type/);
    const none = textToRules('no colon here');
    expect('error' in none && none.error).toMatch(/^Line 1/);
  });
});
