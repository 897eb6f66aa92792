'use client';

import { useEffect, useId, useMemo, useRef, useState, type InputHTMLAttributes } from 'react';
import { SearchInput } from '@/components/ui/SearchInput';
import { permissionNames, permissions as catalogue, type Permission } from '@/lib/access/permissions';
import { useLocale, useText } from '@/lib/i18n/client';
import type { Locale } from '@/lib/i18n/locales';
import { buildTree, filterTree, hasGrantable, leavesOf, stateOf, toggleNode, type NodeState, type TreeNode } from '@/lib/profiles/tree';

type Props = {
  selected: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
  /** What the actor may grant or remove; the rest is shown but disabled. */
  grantable: (permission: string) => boolean;
  /** Full access: everything shows as granted and nothing can be changed. */
  allGranted: boolean;
  /** The error under the tree, if any. */
  errorId?: string;
};

const TREE = buildTree(permissionNames);

function descriptionOf(permission: string, locale: Locale): string {
  return catalogue[permission as Permission]?.[locale] ?? '';
}

/** A checkbox that can also show "some of these" (`indeterminate` exists only as a DOM property). */
function TriStateBox({ state, ...input }: { state: NodeState } & Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked'>) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'indeterminate';
  }, [state]);
  return <input ref={ref} type="checkbox" checked={state === 'checked'} className="size-4 shrink-0 accent-accent disabled:opacity-50" {...input} />;
}

/** The catalogue as collapsible groups: a group's checkbox sets what it holds. */
export function PermissionTree({ selected, onChange, grantable, allGranted, errorId }: Props) {
  const t = useText('profiles');
  const locale = useLocale();
  const base = useId();
  const [query, setQuery] = useState('');
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());

  const nodes = useMemo(() => filterTree(TREE, query, (p) => descriptionOf(p, locale)), [query, locale]);
  const filtering = query.trim() !== '';
  const someLocked = !allGranted && permissionNames.some((p) => !grantable(p));
  const count = allGranted ? permissionNames.length : permissionNames.filter((p) => selected.has(p)).length;
  const groupLabel = (segment: string) => {
    const label = t(`groups.${segment}`);
    // A segment without a translation (a new catalogue section) shows as it is written.
    return label === `profiles.groups.${segment}` ? segment : label;
  };
  // A path can be a group and a permission at once: their ids differ by prefix.
  const idOf = (kind: 'g' | 'p', key: string) => `${base}-${kind}-${key}`;
  const groupKeys = (list: readonly TreeNode[]): string[] => list.flatMap((n) => (n.children.length ? [n.key, ...groupKeys(n.children)] : []));

  const leaf = (permission: string) => {
    const locked = allGranted || !grantable(permission);
    const hint = !allGranted && locked ? `${idOf('p', permission)}-hint` : undefined;
    return (
      <li key={`leaf-${permission}`} className="py-1" data-testid="permission">
        <div className="flex items-start gap-2">
          <input
            id={idOf('p', permission)}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-accent disabled:opacity-50"
            checked={allGranted || selected.has(permission)}
            disabled={locked}
            aria-describedby={hint}
            value={permission}
            onChange={() => {
              const next = new Set(selected);
              if (next.has(permission)) next.delete(permission);
              else next.add(permission);
              onChange(next);
            }}
          />
          <label htmlFor={idOf('p', permission)} className={`min-w-0 text-sm ${locked && !allGranted ? 'text-muted' : ''}`}>
            <span className="block">{descriptionOf(permission, locale)}</span>
            <code className="block text-xs break-all text-muted">{permission}</code>
            {hint && (
              <span id={hint} className="block text-xs text-muted italic">
                {t('notHeldShort')}
              </span>
            )}
          </label>
        </div>
      </li>
    );
  };

  const group = (node: TreeNode) => {
    const open = filtering || expanded.has(node.key);
    const label = groupLabel(node.segment);
    const listId = `${idOf('g', node.key)}-list`;
    const state: NodeState = allGranted ? 'checked' : stateOf(node, selected);
    const total = leavesOf(node).length;
    return (
      <li key={node.key} className="py-0.5" data-testid="permission-group" data-key={node.key}>
        <div className="flex items-center gap-2">
          <button
            type="button"
            aria-expanded={open}
            aria-controls={listId}
            aria-label={t(open ? 'collapse' : 'expand', { name: label })}
            disabled={filtering}
            onClick={() =>
              setExpanded((current) => {
                const next = new Set(current);
                if (next.has(node.key)) next.delete(node.key);
                else next.add(node.key);
                return next;
              })
            }
            className="inline-flex size-6 shrink-0 items-center justify-center rounded text-muted hover:bg-surface-2 disabled:opacity-40"
          >
            <span aria-hidden="true" className={`transition-transform ${open ? 'rotate-90' : ''}`}>
              ▸
            </span>
          </button>
          <TriStateBox
            id={idOf('g', node.key)}
            state={state}
            disabled={allGranted || !hasGrantable(node, grantable)}
            onChange={() => onChange(toggleNode(node, selected, grantable))}
          />
          <label htmlFor={idOf('g', node.key)} className="text-sm font-medium">
            {label} <span className="text-xs font-normal text-muted">({total})</span>
          </label>
        </div>
        {/* Kept in the page while collapsed, so aria-controls always names an element. */}
        <ul id={listId} hidden={!open} className="ml-3 border-l border-line pl-5">
          {node.permission && leaf(node.permission)}
          {node.children.map(render)}
        </ul>
      </li>
    );
  };

  const render = (node: TreeNode) => (node.children.length ? group(node) : leaf(node.permission!));

  return (
    <fieldset className="min-w-0" aria-describedby={errorId} data-testid="permission-tree">
      <legend className="mb-1 text-sm font-medium">
        {t('permissions')}{' '}
        <span className="font-normal text-muted" aria-live="polite">
          {t('selectedCount', { count, total: permissionNames.length })}
        </span>
      </legend>
      {allGranted && <p className="mb-2 text-sm text-muted">{t('allGranted')}</p>}
      {someLocked && <p className="mb-2 text-xs text-muted">{t('notHeld')}</p>}
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <SearchInput
          label={t('filter')}
          placeholder={t('filterPlaceholder')}
          value={query}
          onChange={setQuery}
          className="min-w-0 flex-1 py-1.5"
          testId="permission-filter"
        />
        <button
          type="button"
          onClick={() => setExpanded(new Set(groupKeys(TREE)))}
          disabled={filtering}
          className="rounded px-2 py-1 text-xs font-medium text-accent disabled:opacity-40"
        >
          {t('expandAll')}
        </button>
        <button
          type="button"
          onClick={() => setExpanded(new Set())}
          disabled={filtering}
          className="rounded px-2 py-1 text-xs font-medium text-accent disabled:opacity-40"
        >
          {t('collapseAll')}
        </button>
      </div>
      {nodes.length === 0 ? (
        <p className="py-2 text-sm text-muted" role="status">
          {t('noMatches', { query: query.trim() })}
        </p>
      ) : (
        <ul className="rounded-control border border-line p-2">{nodes.map(render)}</ul>
      )}
    </fieldset>
  );
}
