/** Where the screen's drags and phone buttons put an item (islands/ManageMenus/moves.ts). */
import { describe, expect, test } from 'vitest';
import type { MenuEditNode } from '../../../../server/contract/menus';
import { dropTarget, hiddenByParent, stepTarget } from '../../../../islands/ManageMenus/moves';

function node(id: number, children: MenuEditNode[] = [], published = true): MenuEditNode {
  return {
    id,
    parentId: null,
    title: `#${id}`,
    icon: '',
    sort: 0,
    newWindow: false,
    pageId: null,
    pageName: null,
    href: '/',
    published,
    children,
  };
}

// 1, 2 (3, 4 (5)), 6
const tree = [node(1), node(2, [node(3), node(4, [node(5)])], false), node(6)];

describe('dropTarget', () => {
  test('in the gap before or after a sibling', () => {
    expect(dropTarget(tree, 6, 1, { toGap: true, relative: -1, expanded: false })).toEqual({
      parentId: null,
      index: 0,
    });
    expect(dropTarget(tree, 1, 6, { toGap: true, relative: 1, expanded: false })).toEqual({ parentId: null, index: 2 });
    expect(dropTarget(tree, 1, 2, { toGap: true, relative: 1, expanded: false })).toEqual({ parentId: null, index: 1 });
  });

  test('into another list', () => {
    expect(dropTarget(tree, 6, 3, { toGap: true, relative: 1, expanded: false })).toEqual({ parentId: 2, index: 1 });
    expect(dropTarget(tree, 5, 1, { toGap: true, relative: -1, expanded: false })).toEqual({
      parentId: null,
      index: 0,
    });
  });

  test('onto a node, or just below an expanded parent: its first child', () => {
    expect(dropTarget(tree, 6, 1, { toGap: false, relative: 0, expanded: false })).toEqual({ parentId: 1, index: 0 });
    expect(dropTarget(tree, 6, 4, { toGap: true, relative: 1, expanded: true })).toEqual({ parentId: 4, index: 0 });
  });

  test('never into itself or below itself', () => {
    expect(dropTarget(tree, 2, 5, { toGap: false, relative: 0, expanded: false })).toBeNull();
    expect(dropTarget(tree, 2, 2, { toGap: false, relative: 0, expanded: false })).toBeNull();
  });
});

describe('stepTarget (phone buttons)', () => {
  test('up and down among siblings, not past the ends', () => {
    expect(stepTarget(tree, 6, 'up')).toEqual({ parentId: null, index: 1 });
    expect(stepTarget(tree, 1, 'up')).toBeNull();
    expect(stepTarget(tree, 3, 'down')).toEqual({ parentId: 2, index: 1 });
    expect(stepTarget(tree, 4, 'down')).toBeNull();
  });

  test('indent goes last under the previous sibling; outdent right after the parent', () => {
    expect(stepTarget(tree, 6, 'indent')).toEqual({ parentId: 2, index: 2 });
    expect(stepTarget(tree, 1, 'indent')).toBeNull();
    expect(stepTarget(tree, 5, 'outdent')).toEqual({ parentId: 2, index: 2 });
    expect(stepTarget(tree, 3, 'outdent')).toEqual({ parentId: null, index: 2 });
    expect(stepTarget(tree, 1, 'outdent')).toBeNull();
  });
});

test('hiddenByParent: published items under an unpublished item', () => {
  expect(hiddenByParent(tree, 5)).toBe(true);
  expect(hiddenByParent(tree, 2)).toBe(false);
  expect(hiddenByParent(tree, 6)).toBe(false);
});
