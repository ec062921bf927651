import type { KeyboardEvent } from 'react';
import type { PersonSummary } from '@family/contract';
import { TREE, initialsOf, type TreeNode } from '../utils/tree-layout';

type FamilyTreeNodeProps = {
  node: TreeNode;
  /** A circle clip path (objectBoundingBox units) shared by every picture. */
  clipPathId: string;
  onOpen: (person: PersonSummary) => void;
  onFocus: (node: TreeNode) => void;
};

const MAX_NAME_LENGTH = 18;

function shortName(name: string): string {
  return name.length > MAX_NAME_LENGTH ? `${name.slice(0, MAX_NAME_LENGTH - 1).trimEnd()}…` : name;
}

/**
 * One person: picture (or initials) in a circle, the name below, 'Spouse' or 'Sibling' above. Pointer presses
 * are read by the canvas (a press on a node only opens it when it was a tap, not a drag); the keyboard opens
 * it here with Enter or Space.
 */
export function FamilyTreeNode({ node, clipPathId, onOpen, onFocus }: FamilyTreeNodeProps) {
  const { person, role, label } = node;
  const r = TREE.nodeRadius;
  const isRoot = role === 'root';

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(person);
    }
  };

  return (
    <g
      className="tree-node"
      data-person-id={person.id}
      data-role={role}
      role="button"
      tabIndex={0}
      aria-label={person.displayName}
      transform={`translate(${node.x} ${node.y})`}
      onKeyDown={onKeyDown}
      onFocus={() => onFocus(node)}
    >
      <title>{person.displayName}</title>
      <circle className="tree-node-focus" r={r + 7} />
      {label && (
        <text className="tree-node-label" y={-r - 12} textAnchor="middle">
          {label}
        </text>
      )}
      <circle className={isRoot ? 'tree-node-circle tree-node-root' : 'tree-node-circle'} r={r} />
      {person.profilePicture ? (
        <image
          href={person.profilePicture}
          x={-r}
          y={-r}
          width={2 * r}
          height={2 * r}
          clipPath={`url(#${clipPathId})`}
          preserveAspectRatio="xMidYMid slice"
        />
      ) : (
        <text
          className={isRoot ? 'tree-node-initials tree-node-root' : 'tree-node-initials'}
          dy="0.35em"
          textAnchor="middle"
        >
          {initialsOf(person.displayName)}
        </text>
      )}
      <text className={isRoot ? 'tree-node-name tree-node-root' : 'tree-node-name'} y={r + 26} textAnchor="middle">
        {shortName(person.displayName)}
      </text>
    </g>
  );
}
