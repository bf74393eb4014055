import { describe, expect, it } from 'vitest';
import { AnswerCache } from '../../worker/lib/answer-cache';

const answer = (version: number, bytes: number) => ({ version, count: 1, body: new Uint8Array(bytes) });

describe('answers kept in memory', () => {
  it('keeps what fits, lets the least recently used go first, and never keeps one too large', () => {
    const kept = new AnswerCache(100, 40);
    kept.set('a', answer(1, 40));
    kept.set('b', answer(1, 40));
    // Used again: 'a' is now the most recent, so 'b' goes when 'c' needs room.
    expect(kept.get('a')?.version).toBe(1);
    kept.set('c', answer(1, 40));
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')?.body.byteLength).toBe(40);
    expect(kept.get('c')?.body.byteLength).toBe(40);

    // A newer version replaces the older under the same scope and counts once.
    kept.set('a', answer(2, 10));
    kept.set('d', answer(1, 40));
    expect([kept.get('a')?.version, kept.size]).toEqual([2, 3]);

    // Larger than one answer may be: not kept, and what it replaces is gone too (it is out of date).
    kept.set('a', answer(3, 41));
    expect(kept.get('a')).toBeUndefined();
    expect(kept.get('d')?.version).toBe(1);
  });
});
