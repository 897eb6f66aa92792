import { describe, expect, it } from 'vitest';
import { activeTypists, addTypist, nextExpiry, removeTypist, shouldSendTyping, typingText, TYPING_SHOW_MS, type Typists } from '@/components/chats/typing';

const ana = { id: 'a', name: 'Ana' };
const bo = { id: 'b', name: 'Bo' };
const cy = { id: 'c', name: 'Cy' };

describe('typing indicator', () => {
  it('shows a typist for four seconds after their last event', () => {
    let typists: Typists = new Map();
    typists = addTypist(typists, ana, 1000);
    expect(activeTypists(typists, 1000 + TYPING_SHOW_MS - 1)).toEqual(['Ana']);
    expect(activeTypists(typists, 1000 + TYPING_SHOW_MS)).toEqual([]);
    typists = addTypist(typists, ana, 3000);
    expect(activeTypists(typists, 1000 + TYPING_SHOW_MS)).toEqual(['Ana']);
    expect(nextExpiry(typists, 3000)).toBe(3000 + TYPING_SHOW_MS);
    expect(nextExpiry(typists, 3000 + TYPING_SHOW_MS)).toBeNull();
  });

  it('lists names in the order people started, and someone who stopped starts again at the end', () => {
    let typists: Typists = new Map();
    typists = addTypist(typists, ana, 0);
    typists = addTypist(typists, bo, 100);
    typists = addTypist(typists, ana, 200);
    expect(activeTypists(typists, 300)).toEqual(['Ana', 'Bo']);
    typists = addTypist(typists, bo, 4500);
    typists = addTypist(typists, ana, 5000);
    expect(activeTypists(typists, 5000)).toEqual(['Bo', 'Ana']);
  });

  it('drops a typist whose message arrived', () => {
    const typists = addTypist(addTypist(new Map(), ana, 0), bo, 0);
    expect(activeTypists(removeTypist(typists, 'a'), 1)).toEqual(['Bo']);
    expect(removeTypist(typists, 'nobody')).toBe(typists);
  });

  it('words one, two and more typists', () => {
    expect(typingText([])).toBeNull();
    expect(typingText(['Ana'])).toEqual({ key: 'typingOne', values: { name: 'Ana' } });
    expect(typingText(['Ana', 'Bo'])).toEqual({ key: 'typingTwo', values: { first: 'Ana', second: 'Bo' } });
    expect(typingText(['Ana', 'Bo', cy.name, 'Di'])).toEqual({ key: 'typingMany', values: { first: 'Ana', second: 'Bo', count: 2 } });
  });

  it('sends at most one typing event every three seconds', () => {
    expect(shouldSendTyping(null, 0)).toBe(true);
    expect(shouldSendTyping(10_000, 12_999)).toBe(false);
    expect(shouldSendTyping(10_000, 13_000)).toBe(true);
  });
});
