// The permission catalogue as the profile editor shows it: names split on `__` into a tree.
// Pure and client-safe; the editor keeps the selection as a Set of names.

export type TreeNode = {
  /** The path so far, joined with `__` (unique across the tree). */
  key: string;
  /** The last segment of the path. */
  segment: string;
  /** The catalogue name this node itself stands for, when the path is one. */
  permission: string | null;
  children: TreeNode[];
};

export type NodeState = 'checked' | 'unchecked' | 'indeterminate';

/**
 * Builds the tree in the order names first appear. A path can be both a permission and the
 * parent of others (`A__B` and `A__B__C`): the node then carries its own name and children.
 */
export function buildTree(names: readonly string[]): TreeNode[] {
  const roots: TreeNode[] = [];
  const byKey = new Map<string, TreeNode>();
  for (const name of names) {
    const segments = name.split('__');
    let siblings = roots;
    let key = '';
    for (const segment of segments) {
      key = key ? `${key}__${segment}` : segment;
      let node = byKey.get(key);
      if (!node) {
        node = { key, segment, permission: null, children: [] };
        byKey.set(key, node);
        siblings.push(node);
      }
      siblings = node.children;
    }
    byKey.get(key)!.permission = name;
  }
  return roots;
}

/** Every permission at or under the node, its own first. */
export function leavesOf(node: TreeNode): string[] {
  const own = node.permission ? [node.permission] : [];
  return own.concat(node.children.flatMap(leavesOf));
}

/** Checked when every permission under the node is selected, unchecked when none is. */
export function stateOf(node: TreeNode, selected: ReadonlySet<string>): NodeState {
  const leaves = leavesOf(node);
  const on = leaves.filter((p) => selected.has(p)).length;
  if (on === 0) return 'unchecked';
  return on === leaves.length ? 'checked' : 'indeterminate';
}

/**
 * What a click on the node's checkbox does: select all its grantable permissions, or clear
 * them when they are all selected already. Permissions the actor cannot grant keep their state.
 */
export function toggleNode(node: TreeNode, selected: ReadonlySet<string>, grantable: (permission: string) => boolean = () => true): Set<string> {
  const targets = leavesOf(node).filter(grantable);
  const next = new Set(selected);
  const allOn = targets.every((p) => selected.has(p));
  for (const p of targets) {
    if (allOn) next.delete(p);
    else next.add(p);
  }
  return next;
}

/** Whether any permission under the node can be changed (else its checkbox is disabled). */
export function hasGrantable(node: TreeNode, grantable: (permission: string) => boolean): boolean {
  return leavesOf(node).some(grantable);
}

/**
 * The tree cut down to what matches `query` (case-insensitive) in a permission's name or in
 * `describe(name)`. A matching group segment keeps its whole subtree; a group's checkbox then
 * acts on what is shown.
 */
export function filterTree(nodes: readonly TreeNode[], query: string, describe: (permission: string) => string = () => ''): TreeNode[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...nodes];
  const matches = (text: string) => text.toLowerCase().includes(q);
  return nodes.flatMap((node) => {
    if (matches(node.segment)) return [node];
    const children = filterTree(node.children, q, describe);
    const self = node.permission !== null && (matches(node.permission) || matches(describe(node.permission)));
    if (!self && children.length === 0) return [];
    // A group kept only for its matching children does not carry its own name along.
    return [{ ...node, permission: self ? node.permission : null, children }];
  });
}
