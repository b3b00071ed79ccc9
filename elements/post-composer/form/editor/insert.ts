/**
 * Putting a block into the rich editor (elements/post-composer/model/editor-insert.ts plans it): at the cursor, on
 * a line of its own, with a paragraph after it to type on. A post has one read-more break, so a
 * new one replaces the old. The spec's editor warnings are logged and handed back for the UI.
 */
import { $insertNodeToNearestRoot } from '@lexical/utils';
import { $createParagraphNode, $getRoot, $getSelection, $isParagraphNode, $isRangeSelection, type LexicalEditor } from 'lexical';
import { planInsert, type InsertPlan, type InsertRequest } from '../../model/editor-insert';
import { $createPostBlockNode, $isPostBlockNode } from './PostBlockNode';

export function warnEditor(warning: string): void {
  console.warn(`[tumblelog] <post-composer> editor: ${warning}`);
}

/**
 * Inserts what `request` asks for. Returns the plan: `{ok: false, warning}` when nothing was
 * inserted, `{ok: true, upload}` for a file the caller must upload first, else the inserted block.
 */
export function insertIntoEditor(editor: LexicalEditor, request: InsertRequest): InsertPlan {
  let plan: InsertPlan = { ok: false, warning: '' };
  editor.update(
    () => {
      plan = planInsert(request, $getSelection() !== null);
      if (!plan.ok) return warnEditor(plan.warning);
      if (!('block' in plan)) return;
      const { block } = plan;
      if (block.kind === 'rule' && block.readMore) {
        for (const node of $getRoot().getChildren()) {
          if ($isPostBlockNode(node)) {
            const b = node.getBlock();
            if (b.kind === 'rule' && b.readMore) node.remove();
          }
        }
      }
      const node = $createPostBlockNode(block);
      // On an empty line the block takes the line's place; elsewhere it goes in beside the text.
      const selection = $getSelection();
      const line = $isRangeSelection(selection) && selection.isCollapsed() ? selection.anchor.getNode().getTopLevelElement() : null;
      if ($isParagraphNode(line) && line.getTextContent() === '' && line.getChildrenSize() === 0) line.replace(node);
      else $insertNodeToNearestRoot(node);
      // Somewhere to go on typing after a block that ends the post.
      if (!node.getNextSibling()) node.insertAfter($createParagraphNode());
      node.getNextSibling()?.selectStart();
    },
    { discrete: true },
  );
  return plan;
}
