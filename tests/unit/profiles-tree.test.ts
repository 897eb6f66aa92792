import { describe, expect, it } from 'vitest';
import { permissionNames } from '@/lib/access/permissions';
import { buildTree, filterTree, hasGrantable, leavesOf, stateOf, toggleNode, type TreeNode } from '@/lib/profiles/tree';

const find = (nodes: readonly TreeNode[], key: string): TreeNode => {
  for (const n of nodes) {
    if (n.key === key) return n;
    if (key.startsWith(`${n.key}__`)) return find(n.children, key);
  }
  throw new Error(`no node ${key}`);
};
const shape = (nodes: readonly TreeNode[]): unknown =>
  nodes.map((n) => (n.children.length ? { [n.segment]: shape(n.children), own: n.permission } : n.permission));

describe('buildTree', () => {
  it('splits names on "__" into groups, in the order names first appear', () => {
    const tree = buildTree(['USERS__VIEW', 'BOARDS__VIEW', 'USERS__CREATE', 'EXT__BLOG__POSTS__VIEW', 'EXT__WHATSAPP_API']);
    expect(shape(tree)).toEqual([
      { USERS: ['USERS__VIEW', 'USERS__CREATE'], own: null },
      { BOARDS: ['BOARDS__VIEW'], own: null },
      { EXT: [{ BLOG: [{ POSTS: ['EXT__BLOG__POSTS__VIEW'], own: null }], own: null }, 'EXT__WHATSAPP_API'], own: null },
    ]);
    expect(find(tree, 'EXT__BLOG__POSTS').key).toBe('EXT__BLOG__POSTS');
  });

  it('keeps a name that is also the parent of others as one node with both', () => {
    for (const names of [
      ['A__STYLES', 'A__STYLES__VIEW'],
      ['A__STYLES__VIEW', 'A__STYLES'],
    ]) {
      const tree = buildTree(names);
      const styles = find(tree, 'A__STYLES');
      expect(styles.permission).toBe('A__STYLES');
      expect(styles.children.map((c) => c.permission)).toEqual(['A__STYLES__VIEW']);
      expect(leavesOf(styles)).toEqual(['A__STYLES', 'A__STYLES__VIEW']);
    }
  });

  it('holds every catalogue name exactly once, including the photomagik styles and their categories', () => {
    const tree = buildTree(permissionNames);
    expect(tree.flatMap(leavesOf).sort()).toEqual([...permissionNames].sort());
    const styles = find(tree, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES');
    expect(styles.children.map((c) => c.segment)).toEqual(['VIEW', 'CREATE', 'UPDATE', 'DELETE', 'CATEGORIES']);
    expect(leavesOf(find(tree, 'EXTENSIONS_EXCLUSIVE__PHOTOMAGIK__STYLES__CATEGORIES'))).toHaveLength(4);
  });
});

describe('stateOf', () => {
  const tree = buildTree(['A__X', 'A__Y', 'A__B__Z', 'A__B']);
  const a = find(tree, 'A');
  const b = find(tree, 'A__B');

  it('is unchecked with nothing, checked with all and indeterminate with some of the node’s permissions', () => {
    expect(stateOf(a, new Set())).toBe('unchecked');
    expect(stateOf(a, new Set(['A__X']))).toBe('indeterminate');
    expect(stateOf(a, new Set(['A__X', 'A__Y', 'A__B', 'A__B__Z']))).toBe('checked');
    expect(stateOf(find(tree, 'A__X'), new Set(['A__X']))).toBe('checked');
  });

  it('counts a node’s own permission with its children', () => {
    expect(stateOf(b, new Set(['A__B']))).toBe('indeterminate');
    expect(stateOf(b, new Set(['A__B__Z']))).toBe('indeterminate');
    expect(stateOf(b, new Set(['A__B', 'A__B__Z']))).toBe('checked');
  });
});

describe('toggleNode', () => {
  const tree = buildTree(['A__X', 'A__Y', 'A__B__Z', 'A__B', 'C__V']);
  const a = find(tree, 'A');

  it('selects every permission under a node that is not fully selected, leaving others alone', () => {
    const next = toggleNode(a, new Set(['A__X', 'C__V']));
    expect([...next].sort()).toEqual(['A__B', 'A__B__Z', 'A__X', 'A__Y', 'C__V']);
  });

  it('clears them all when they all are selected', () => {
    expect([...toggleNode(a, new Set(['A__X', 'A__Y', 'A__B', 'A__B__Z', 'C__V']))]).toEqual(['C__V']);
  });

  it('does not change the selection it was given', () => {
    const selected = new Set(['A__X']);
    toggleNode(a, selected);
    expect([...selected]).toEqual(['A__X']);
  });

  it('touches only grantable permissions: ungrantable ones keep their state either way', () => {
    const grantable = (p: string) => p !== 'A__Y' && p !== 'A__B__Z';
    // A__B__Z is held but not grantable; the click selects what can be selected.
    const on = toggleNode(a, new Set(['A__B__Z']), grantable);
    expect([...on].sort()).toEqual(['A__B', 'A__B__Z', 'A__X']);
    // Every grantable one is on now, so the next click clears only those.
    expect([...toggleNode(a, on, grantable)]).toEqual(['A__B__Z']);
  });

  it('a leaf toggles just itself', () => {
    expect([...toggleNode(find(tree, 'A__X'), new Set())]).toEqual(['A__X']);
    expect([...toggleNode(find(tree, 'A__X'), new Set(['A__X']))]).toEqual([]);
  });

  it('hasGrantable says whether a group has anything to toggle', () => {
    expect(hasGrantable(a, (p) => p === 'A__B__Z')).toBe(true);
    expect(hasGrantable(a, (p) => p.startsWith('C'))).toBe(false);
  });
});

describe('filterTree', () => {
  const tree = buildTree(['USERS__VIEW', 'USERS__CREATE', 'BOARDS__VIEW', 'EXT__BLOG__POSTS__VIEW', 'EXT__BLOG', 'EXT__BLOG__TAGS__VIEW']);
  const describe_ = (p: string) => ({ USERS__CREATE: 'Invite members', BOARDS__VIEW: 'See the boards' })[p] ?? '';

  it('returns everything for an empty query', () => {
    expect(filterTree(tree, '  ')).toEqual(tree);
  });

  it('keeps the branches leading to matching names or descriptions, case-insensitively', () => {
    expect(shape(filterTree(tree, 'invite', describe_))).toEqual([{ USERS: ['USERS__CREATE'], own: null }]);
    expect(shape(filterTree(tree, 'boards__view', describe_))).toEqual([{ BOARDS: ['BOARDS__VIEW'], own: null }]);
    expect(filterTree(tree, 'nothing-like-this', describe_)).toEqual([]);
  });

  it('keeps a whole group whose segment matches', () => {
    expect(shape(filterTree(tree, 'users'))).toEqual([{ USERS: ['USERS__VIEW', 'USERS__CREATE'], own: null }]);
  });

  it('drops a group’s own permission when only its children match, so its checkbox acts on what is shown', () => {
    const [ext] = filterTree(tree, 'posts');
    const blog = find([ext], 'EXT__BLOG');
    expect(blog.permission).toBeNull();
    expect(leavesOf(blog)).toEqual(['EXT__BLOG__POSTS__VIEW']);
    // The tree it was given is untouched.
    expect(find(tree, 'EXT__BLOG').permission).toBe('EXT__BLOG');
  });
});
