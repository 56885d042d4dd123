/**
 * Where a drag or a move button puts an item, as the `move` call takes it: the new parent and
 * the index among that parent's children *without* the item. Pure, so it is tested on its own.
 */
import type { MenuEditNode } from '../../server/contract/menus';

export type MoveTarget = { parentId: number | null; index: number };

type Place = { node: MenuEditNode; parent: MenuEditNode | null; siblings: MenuEditNode[]; index: number };

export function locate(tree: MenuEditNode[], id: number, parent: MenuEditNode | null = null): Place | null {
  for (const [index, node] of tree.entries()) {
    if (node.id === id) return { node, parent, siblings: tree, index };
    const found = locate(node.children, id, node);
    if (found) return found;
  }
  return null;
}

function contains(node: MenuEditNode, id: number): boolean {
  return node.id === id || node.children.some((c) => contains(c, id));
}

/** The item and everything below it (a parent select must not offer these). */
export function subtreeIdsOf(tree: MenuEditNode[], id: number): Set<number> {
  const place = locate(tree, id);
  const ids = new Set<number>();
  const walk = (n: MenuEditNode) => {
    ids.add(n.id);
    n.children.forEach(walk);
  };
  if (place) walk(place.node);
  return ids;
}

/**
 * antd Tree's drop: onto a node (not in a gap) makes the item its first child, as the drop line
 * shows; in the gap before (-1) or after (1) a node puts it beside that node. A drop in the gap
 * just below an expanded node with children lands as that node's first child.
 */
export function dropTarget(
  tree: MenuEditNode[],
  dragId: number,
  dropId: number,
  drop: { toGap: boolean; relative: -1 | 0 | 1; expanded: boolean },
): MoveTarget | null {
  const dragged = locate(tree, dragId);
  const target = locate(tree, dropId);
  if (!dragged || !target || dragId === dropId) return null;
  if (contains(dragged.node, dropId)) return null;
  if (!drop.toGap || (drop.relative === 1 && drop.expanded && target.node.children.length > 0)) {
    return { parentId: target.node.id, index: 0 };
  }
  const siblings = target.siblings.filter((n) => n.id !== dragId);
  const at = siblings.findIndex((n) => n.id === dropId);
  return { parentId: target.parent?.id ?? null, index: at + (drop.relative === 1 ? 1 : 0) };
}

export type StepMove = 'up' | 'down' | 'indent' | 'outdent';

/** The phone's buttons: up and down among the siblings, indent under the previous sibling, outdent beside the parent. */
export function stepTarget(tree: MenuEditNode[], id: number, step: StepMove): MoveTarget | null {
  const place = locate(tree, id);
  if (!place) return null;
  const parentId = place.parent?.id ?? null;
  switch (step) {
    case 'up':
      return place.index > 0 ? { parentId, index: place.index - 1 } : null;
    case 'down':
      return place.index < place.siblings.length - 1 ? { parentId, index: place.index + 1 } : null;
    case 'indent': {
      const previous = place.siblings[place.index - 1];
      return previous ? { parentId: previous.id, index: previous.children.length } : null;
    }
    case 'outdent': {
      if (!place.parent) return null;
      const parentPlace = locate(tree, place.parent.id)!;
      return { parentId: parentPlace.parent?.id ?? null, index: parentPlace.index + 1 };
    }
  }
}

/** Items shown on the public site: published, and every item above published too. */
export function hiddenByParent(tree: MenuEditNode[], id: number): boolean {
  const path: MenuEditNode[] = [];
  const find = (nodes: MenuEditNode[]): boolean => {
    for (const n of nodes) {
      path.push(n);
      if (n.id === id || find(n.children)) return true;
      path.pop();
    }
    return false;
  };
  if (!find(tree)) return false;
  return path.slice(0, -1).some((n) => !n.published);
}
