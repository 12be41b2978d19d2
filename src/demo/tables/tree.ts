/** The tree table's made-up sites, their racks and the devices in them, and how the tree shows. */

export type NodeKind = 'site' | 'rack' | 'device'

export interface TreeNode {
  id: string
  name: string
  kind: NodeKind
  /** A device's draw in watts; a site's or a rack's is the sum of what it holds. */
  watts?: number
  children?: readonly TreeNode[]
}

const device = (id: string, name: string, watts: number): TreeNode => ({ id, name, kind: 'device', watts })
const rack = (id: string, name: string, children: TreeNode[]): TreeNode => ({ id, name, kind: 'rack', children })
const site = (id: string, name: string, children: TreeNode[]): TreeNode => ({ id, name, kind: 'site', children })

export const SITES: readonly TreeNode[] = [
  site('hh', 'Hamburg harbour', [
    rack('hh-a1', 'Rack A1', [device('hh-a1-1', 'EdgeBox 500 LTE', 38), device('hh-a1-2', 'Uplink R2', 22), device('hh-a1-3', 'Rack PDU P8', 6)]),
    rack('hh-a2', 'Rack A2', [device('hh-a2-1', 'EdgeBox 300', 24), device('hh-a2-2', 'Gate camera C5', 13)]),
  ]),
  site('ber', 'Berlin HQ', [
    rack('ber-b1', 'Rack B1', [device('ber-b1-1', 'EdgeBox 300', 24), device('ber-b1-2', 'Mesh Node M1', 9), device('ber-b1-3', 'Lobby kiosk K2', 95)]),
  ]),
  site('jkt', 'Jakarta office', [
    rack('jkt-c1', 'Rack C1', [device('jkt-c1-1', 'EdgeBox 300', 24)]),
    rack('jkt-c2', 'Rack C2', []),
  ]),
]

/** A node's watts: its own for a device, the sum of everything below it for a site or a rack. */
export const totalOf = (node: TreeNode): number =>
  node.children ? node.children.reduce((sum, child) => sum + totalOf(child), 0) : (node.watts ?? 0)

/** One row of the tree as it shows, with what the treegrid pattern says of it. */
export interface TreeRow {
  node: TreeNode
  /** From 1 at the sites. */
  level: number
  parent: string | null
  /** Whether it can open: a site or a rack that holds something (an empty rack is a row like a device's). */
  parentRow: boolean
  expanded: boolean
  /** Its place among its siblings, from 1, and how many they are. */
  position: number
  siblings: number
  total: number
}

/** The rows that show, top down: every node whose parents are all open. */
export function flattenTree(nodes: readonly TreeNode[], expanded: ReadonlySet<string>, level = 1, parent: string | null = null): TreeRow[] {
  return nodes.flatMap((node, index) => {
    const parentRow = (node.children?.length ?? 0) > 0
    const open = parentRow && expanded.has(node.id)
    const row: TreeRow = {
      node,
      level,
      parent,
      parentRow,
      expanded: open,
      position: index + 1,
      siblings: nodes.length,
      total: totalOf(node),
    }
    return open ? [row, ...flattenTree(node.children ?? [], expanded, level + 1, node.id)] : [row]
  })
}

export interface TreeFocus {
  expanded: ReadonlySet<string>
  /** The id of the row that has the focus. */
  focus: string
}

const toggled = (expanded: ReadonlySet<string>, id: string, open: boolean) => {
  const next = new Set(expanded)
  if (open) next.add(id)
  else next.delete(id)
  return next
}

/**
 * The treegrid's keys on a focused row (WAI-ARIA's treegrid pattern, rows focused): Right opens
 * a closed row, or goes to the first child of an open one; Left closes an open row, or goes to
 * its parent; Up and Down go to the row before or after; Home and End to the first and the last;
 * Enter opens or closes. Null for any other key, which then does what it always does.
 */
export function treeKey(rows: readonly TreeRow[], state: TreeFocus, key: string): TreeFocus | null {
  const index = rows.findIndex((row) => row.node.id === state.focus)
  const row = rows[index]
  if (!row) return null
  const go = (target: TreeRow | undefined) => ({ ...state, focus: target ? target.node.id : state.focus })
  switch (key) {
    case 'ArrowRight':
      if (!row.parentRow) return state
      if (!row.expanded) return { ...state, expanded: toggled(state.expanded, row.node.id, true) }
      return go(rows[index + 1]?.parent === row.node.id ? rows[index + 1] : undefined)
    case 'ArrowLeft':
      if (row.expanded) return { ...state, expanded: toggled(state.expanded, row.node.id, false) }
      return go(rows.find((other) => other.node.id === row.parent))
    case 'ArrowDown':
      return go(rows[index + 1])
    case 'ArrowUp':
      return go(rows[index - 1])
    case 'Home':
      return go(rows[0])
    case 'End':
      return go(rows[rows.length - 1])
    case 'Enter':
      return row.parentRow ? { ...state, expanded: toggled(state.expanded, row.node.id, !row.expanded) } : state
    default:
      return null
  }
}

/** Right reads as 'towards the end' and Left as 'towards the start': in a right-to-left page they swap. */
export function logicalKey(key: string, rtl: boolean): string {
  if (!rtl) return key
  return key === 'ArrowRight' ? 'ArrowLeft' : key === 'ArrowLeft' ? 'ArrowRight' : key
}
