import type { KeyboardEvent } from 'react';
import type { PersonSummary } from '@family/contract';
import { initialsOf } from '../../../components/person-picker';
import { nameLines } from '../utils/name-lines';
import { TREE, type TreeNode } from '../utils/tree-layout';

type FamilyTreeNodeProps = {
  node: TreeNode;
  /** A circle clip path (objectBoundingBox units) shared by every picture. */
  clipPathId: string;
  onOpen: (person: PersonSummary) => void;
  onFocus: (node: TreeNode) => void;
};

/** Below the circle, the name's first baseline; then one line every LINE_HEIGHT (canvas px, names at 16). */
const NAME_FIRST_LINE = 24;
const LINE_HEIGHT = 20;

/**
 * One person: picture (or initials) in a circle (dashed for someone without an account), the name below in up
 * to two lines and their years under it, 'Spouse' or 'Sibling' above. Pointer presses
 * are read by the canvas (a press on a node only opens it when it was a tap, not a drag); the keyboard opens
 * it here with Enter or Space.
 */
export function FamilyTreeNode({ node, clipPathId, onOpen, onFocus }: FamilyTreeNodeProps) {
  const { person, role, label } = node;
  const r = TREE.nodeRadius;
  const isRoot = role === 'root';
  const lines = nameLines(person.displayName);

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onOpen(person);
    }
  };

  // The button is the circle; the texts around it stay outside it, so its name (the person's) holds all the
  // text inside it (docs/conventions.md "Accessibility"). A press on the texts still opens the person: the canvas
  // finds the node by data-person-id.
  return (
    <g className="tree-node-group" data-person-id={person.id} transform={`translate(${node.x} ${node.y})`}>
      <g
        className="tree-node"
        data-role={role}
        role="button"
        tabIndex={0}
        aria-label={person.displayName}
        onKeyDown={onKeyDown}
        onFocus={() => onFocus(node)}
      >
        <title>{person.displayName}</title>
        <circle className="tree-node-focus" data-focus-ring r={r + 7} />
        <circle
          className={[
            'tree-node-circle',
            isRoot ? 'tree-node-root' : '',
            node.hasAccount === false ? 'tree-node-no-account' : '',
          ].join(' ')}
          r={r}
        />
        {person.profilePicture && (
          <image
            href={person.profilePicture}
            x={-r}
            y={-r}
            width={2 * r}
            height={2 * r}
            clipPath={`url(#${clipPathId})`}
            preserveAspectRatio="xMidYMid slice"
          />
        )}
      </g>
      {!person.profilePicture && (
        <text
          className={isRoot ? 'tree-node-initials tree-node-root' : 'tree-node-initials'}
          dy="0.35em"
          textAnchor="middle"
          aria-hidden
        >
          {initialsOf(person.displayName)}
        </text>
      )}
      {label && (
        <text className="tree-node-label" y={-r - 12} textAnchor="middle">
          {label}
        </text>
      )}
      {lines.map((line, index) => (
        <text
          key={index}
          className={isRoot ? 'tree-node-name tree-node-root' : 'tree-node-name'}
          y={r + NAME_FIRST_LINE + index * LINE_HEIGHT}
          textAnchor="middle"
          aria-hidden
        >
          {line}
        </text>
      ))}
      {node.years && (
        <text className="tree-node-years" y={r + NAME_FIRST_LINE + lines.length * LINE_HEIGHT} textAnchor="middle">
          {node.years}
        </text>
      )}
    </g>
  );
}
