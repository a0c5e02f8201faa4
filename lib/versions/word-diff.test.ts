import { describe, expect, it } from 'vitest';
import { tokenize, wordDiff, type WordPart } from './word-diff';

const side = (parts: WordPart[], keep: 'del' | 'ins') => parts.filter((p) => p.op === 'same' || p.op === keep).map((p) => p.text).join('');

describe('wordDiff', () => {
  it('answers one unchanged part for equal texts, and nothing for two empty ones', () => {
    expect(wordDiff('Answer customers politely', 'Answer customers politely')).toEqual([{ op: 'same', text: 'Answer customers politely' }]);
    expect(wordDiff('', '')).toEqual([]);
  });

  it('marks an inserted word, keeping the words around it', () => {
    expect(wordDiff('Answer customers politely', 'Answer billing customers politely')).toEqual([
      { op: 'same', text: 'Answer ' },
      { op: 'ins', text: 'billing ' },
      { op: 'same', text: 'customers politely' },
    ]);
  });

  it('marks a deleted word', () => {
    expect(wordDiff('Answer all customers', 'Answer customers')).toEqual([
      { op: 'same', text: 'Answer ' },
      { op: 'del', text: 'all ' },
      { op: 'same', text: 'customers' },
    ]);
  });

  it('shows a replaced word as deleted then inserted', () => {
    expect(wordDiff('Be brief and polite', 'Be thorough and polite')).toEqual([
      { op: 'same', text: 'Be ' },
      { op: 'del', text: 'brief' },
      { op: 'ins', text: 'thorough' },
      { op: 'same', text: ' and polite' },
    ]);
  });

  it('handles texts that only gain or lose words at the end or start', () => {
    expect(wordDiff('foo bar', 'foo bar baz')).toEqual([
      { op: 'same', text: 'foo bar' },
      { op: 'ins', text: ' baz' },
    ]);
    expect(wordDiff('', 'new text')).toEqual([{ op: 'ins', text: 'new text' }]);
    expect(wordDiff('old text', '')).toEqual([{ op: 'del', text: 'old text' }]);
  });

  it('gives each side back exactly, with line breaks, emoji and right-to-left text', () => {
    const before = 'Line one\nLine two 🙂 مرحبا بالعالم\n\nEnd.';
    const after = 'Line one\nLine 2 🙂🙂 مرحبا بالعالم الجديد\nEnd!';
    const parts = wordDiff(before, after);
    expect(side(parts, 'del')).toBe(before);
    expect(side(parts, 'ins')).toBe(after);
    expect(parts.some((p) => p.op === 'same' && p.text.includes('مرحبا بالعالم'))).toBe(true);
  });

  it('keeps the longest run of shared words', () => {
    const parts = wordDiff('a b c d e', 'x b c d y');
    expect(parts.filter((p) => p.op === 'same').map((p) => p.text).join('|')).toBe(' b c d ');
  });

  it('replaces the changed middle whole when the texts are too large to compare word by word', () => {
    const before = `start ${Array.from({ length: 2500 }, (_, i) => `a${i}`).join(' ')} end`;
    const after = `start ${Array.from({ length: 2500 }, (_, i) => `b${i}`).join(' ')} end`;
    const parts = wordDiff(before, after);
    expect(parts.map((p) => p.op)).toEqual(['same', 'del', 'ins', 'same']);
    expect(side(parts, 'del')).toBe(before);
    expect(side(parts, 'ins')).toBe(after);
  });

  it('tokenizes into words and runs of spaces', () => {
    expect(tokenize('a  b\nc')).toEqual(['a', '  ', 'b', '\n', 'c']);
  });
});
