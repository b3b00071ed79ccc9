/**
 * The rich text editor (authoring spec §2 "Rich text editor", §5 "Editor rules"), loaded with the
 * post form's body only when it is needed. Lexical, because it supports open shadow roots (it
 * reads the selection through `getComposedRanges`), unlike ProseMirror and Tiptap, which patch
 * `getSelection` (README, dependencies). Its HTML goes in and out through the post body's
 * allow-list (elements/post-composer/post-html.ts): on load, on paste and on every change.
 *
 * Formatting: bold, italic, strike, link (a small link bar, 200–600 px, http/https/mailto only),
 * ordered and bullet lists, quote, headings. Blocks: images (by address or uploaded), embeds,
 * either one captioned as a figure, and the read-more break (PostBlockNode.tsx). Undo and redo
 * group typing for 500 ms. Keys: Ctrl/Cmd+B, I, K (link), Z, Shift+Z.
 */
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { LinkPlugin } from '@lexical/react/LexicalLinkPlugin';
import { HeadingNode, QuoteNode, $createHeadingNode, $createQuoteNode, $isHeadingNode, $isQuoteNode } from '@lexical/rich-text';
import { ListNode, ListItemNode, INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, REMOVE_LIST_COMMAND } from '@lexical/list';
import { LinkNode, TOGGLE_LINK_COMMAND, $isLinkNode } from '@lexical/link';
import { $generateNodesFromDOM } from '@lexical/html';
import { $setBlocksType } from '@lexical/selection';
import { $getNearestNodeOfType, mergeRegister } from '@lexical/utils';
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  COMMAND_PRIORITY_EDITOR,
  DROP_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_HIGH,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  KEY_MODIFIER_COMMAND,
  PASTE_COMMAND,
  REDO_COMMAND,
  SELECTION_CHANGE_COMMAND,
  UNDO_COMMAND,
  type LexicalEditor,
} from 'lexical';
import { postHtmlDocument, sanitizePostHtml } from '../../post-html';
import { editorLink, linkBubbleWidth } from '../../model/editor-links';
import { createPostHtmlSerializer } from './serialize';
import { createBodyReporter } from './body-report';
import { registerPendingEdits } from '../pending-edits';
import { PostBlockNode } from './PostBlockNode';
import { InsertBar, type InsertKind } from './InsertBar';
import { insertIntoEditor } from './insert';
import { imageFiles } from '../image-files';

/** Spec §9: typing is grouped into one undo step per 500 ms. */
export const EDITOR_UNDO_DELAY_MS = 500;

export interface RichEditorProps {
  /** The body's HTML when the editor opens (later changes come from the editor itself). */
  initialHtml: string;
  onChange: (html: string) => void;
  label: string;
  placeholder?: string;
  describedBy?: string | undefined;
  /** Whether an image being inserted is still uploading (the post waits for it). */
  onUploadingImage?: ((busy: boolean) => void) | undefined;
}

const THEME = {
  paragraph: 'ed-p',
  quote: 'ed-quote',
  heading: { h1: 'ed-h1', h2: 'ed-h2', h3: 'ed-h3' },
  list: { ol: 'ed-ol', ul: 'ed-ul', listitem: 'ed-li' },
  link: 'ed-link',
  text: { bold: 'ed-bold', italic: 'ed-italic', strikethrough: 'ed-strike', underline: 'ed-underline', code: 'ed-code' },
};

/** Replaces the editor's content with `html`, through the allow-list. */
function $loadHtml(editor: LexicalEditor, html: string) {
  const nodes = $generateNodesFromDOM(editor, postHtmlDocument(html));
  const root = $getRoot();
  root.clear();
  if (nodes.length === 0) {
    root.append($createParagraphNode());
    return;
  }
  root.select();
  $insertNodes(nodes);
}

type Block = 'paragraph' | 'h2' | 'quote' | 'ul' | 'ol';

function Toolbar({ onLink, onInsert }: { onLink: () => void; onInsert: (kind: InsertKind) => void }) {
  const [editor] = useLexicalComposerContext();
  const [formats, setFormats] = useState({ bold: false, italic: false, strikethrough: false, link: false });
  const [block, setBlock] = useState<Block>('paragraph');
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);

  useEffect(() => {
    const read = () => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const node = selection.anchor.getNode();
      const next = {
        bold: selection.hasFormat('bold'),
        italic: selection.hasFormat('italic'),
        strikethrough: selection.hasFormat('strikethrough'),
        link: $isLinkNode(node.getParent()) || $isLinkNode(node),
      };
      // The same formats keep the same object: typing does not render the toolbar at every key.
      setFormats((was) =>
        was.bold === next.bold && was.italic === next.italic && was.strikethrough === next.strikethrough && was.link === next.link
          ? was
          : next,
      );
      const top = node.getKey() === 'root' ? null : node.getTopLevelElement();
      const list = $getNearestNodeOfType(node, ListNode);
      setBlock(
        list ? (list.getListType() === 'number' ? 'ol' : 'ul') : $isHeadingNode(top) ? 'h2' : $isQuoteNode(top) ? 'quote' : 'paragraph',
      );
    };
    return mergeRegister(
      editor.registerUpdateListener(({ editorState }) => editorState.read(read)),
      editor.registerCommand(SELECTION_CHANGE_COMMAND, () => (read(), false), COMMAND_PRIORITY_LOW),
      editor.registerCommand(CAN_UNDO_COMMAND, (v) => (setCanUndo(v), false), COMMAND_PRIORITY_LOW),
      editor.registerCommand(CAN_REDO_COMMAND, (v) => (setCanRedo(v), false), COMMAND_PRIORITY_LOW),
    );
  }, [editor]);

  const setBlockType = (next: Block) => {
    if (next === 'ul' || next === 'ol') {
      editor.dispatchCommand(
        block === next ? REMOVE_LIST_COMMAND : next === 'ol' ? INSERT_ORDERED_LIST_COMMAND : INSERT_UNORDERED_LIST_COMMAND,
        undefined,
      );
      return;
    }
    editor.update(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      if (block === next || next === 'paragraph') $setBlocksType(selection, () => $createParagraphNode());
      else $setBlocksType(selection, () => (next === 'h2' ? $createHeadingNode('h2') : $createQuoteNode()));
    });
  };

  // A toolbar insert before the text was ever clicked goes at the end, rather than nowhere (the
  // spec's "no cursor" warning is for inserts that come with no place at all).
  const placeCursor = () => editor.update(() => void ($getSelection() ?? $getRoot().selectEnd()), { discrete: true });

  const button = (
    label: string,
    pressed: boolean | undefined,
    onClick: () => void,
    text: string,
    opts: { disabled?: boolean; shortcut?: string } = {},
  ) => (
    <button
      type="button"
      className="ed-tool"
      aria-pressed={pressed}
      aria-keyshortcuts={opts.shortcut}
      disabled={opts.disabled}
      title={opts.shortcut ? `${label} (${opts.shortcut.replace('Control+', 'Ctrl+')})` : label}
      // Keep the selection in the text while a button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {/* The glyph is decoration; the name is the words (axe: label-content-name-mismatch). */}
      {text === label ? (
        text
      ) : (
        <>
          <span aria-hidden="true">{text}</span>
          <span className="tl-visually-hidden">{label}</span>
        </>
      )}
    </button>
  );

  return (
    <div className="ed-toolbar" role="toolbar" aria-label="Formatting">
      {button('Bold', formats.bold, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold'), 'B', { shortcut: 'Control+B' })}
      {button('Italic', formats.italic, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic'), 'I', { shortcut: 'Control+I' })}
      {button('Strikethrough', formats.strikethrough, () => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'strikethrough'), 'S')}
      {button('Link', formats.link, onLink, 'Link', { shortcut: 'Control+K' })}
      <span className="ed-sep" aria-hidden="true" />
      {button('Heading', block === 'h2', () => setBlockType('h2'), 'H')}
      {button('Quote', block === 'quote', () => setBlockType('quote'), '❝')}
      {button('Bulleted list', block === 'ul', () => setBlockType('ul'), '•')}
      {button('Numbered list', block === 'ol', () => setBlockType('ol'), '1.')}
      <span className="ed-sep" aria-hidden="true" />
      {button('Image', undefined, () => (placeCursor(), onInsert('image')), 'Image')}
      {button('Embed', undefined, () => (placeCursor(), onInsert('embed')), 'Embed')}
      {button('Divider', undefined, () => (placeCursor(), insertIntoEditor(editor, { kind: 'rule' })), '―')}
      {button('Read more', undefined, () => (placeCursor(), insertIntoEditor(editor, { kind: 'read-more' })), 'Read more')}
      <span className="ed-sep" aria-hidden="true" />
      {button('Undo', undefined, () => editor.dispatchCommand(UNDO_COMMAND, undefined), '↶', { disabled: !canUndo, shortcut: 'Control+Z' })}
      {button('Redo', undefined, () => editor.dispatchCommand(REDO_COMMAND, undefined), '↷', {
        disabled: !canRedo,
        shortcut: 'Control+Shift+Z',
      })}
    </div>
  );
}

/** The link bar: the address for the selected text (or a new link), trimmed and checked. */
function LinkBar({ onClose }: { onClose: () => void }) {
  const [editor] = useLexicalComposerContext();
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    editor.getEditorState().read(() => {
      const selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
      const node = selection.anchor.getNode();
      const link = $isLinkNode(node) ? node : node.getParent();
      if ($isLinkNode(link)) setValue(link.getURL());
    });
    input.current?.focus();
  }, [editor]);
  const apply = () => {
    const url = editorLink(value);
    if (!url) return setError('Links can go to http, https or mailto addresses.');
    editor.dispatchCommand(TOGGLE_LINK_COMMAND, url);
    onClose();
    editor.focus();
  };
  return (
    <div className="ed-linkbar" style={{ width: `${linkBubbleWidth(Math.max(value.length * 8 + 160, 0))}px` }}>
      <input
        ref={input}
        className="field__control"
        type="url"
        aria-label="Link address"
        placeholder="https://…"
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(e) => (setValue(e.target.value), setError(''))}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            apply();
          } else if (e.key === 'Escape') {
            // Escape closes the bar, not the post form around it.
            e.preventDefault();
            e.stopPropagation();
            onClose();
            editor.focus();
          }
        }}
      />
      <button type="button" className="tl-button" onClick={apply}>
        Apply
      </button>
      <button
        type="button"
        className="tl-button is-secondary"
        onClick={() => (editor.dispatchCommand(TOGGLE_LINK_COMMAND, null), onClose(), editor.focus())}
      >
        Remove
      </button>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The first image among a paste's or a drop's files. */
const imageFile = (data: DataTransfer | null | undefined): File | null => imageFiles(data?.files).at(0) ?? null;

/**
 * The body, reported to the form as clean HTML: at every change while that is cheap, once typing
 * pauses when the post is long (body-report.ts), and at once whenever the form asks (pending-edits.ts).
 */
function BodyReportPlugin({ onChange }: { onChange: (html: string) => void }) {
  const [editor] = useLexicalComposerContext();
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const serializePostHtml = createPostHtmlSerializer(sanitizePostHtml);
    const reporter = createBodyReporter({
      serialize: () => editor.getEditorState().read(serializePostHtml),
      // Rendered now, as a field's own onChange is. Lexical listens inside the shadow root, where
      // `window.event` is never set, so React took these changes for background work and
      // rendered them later: a Post (or Ctrl+Enter) right after typing saved the body some
      // keystrokes behind, or empty (found by the keyboard-only e2e, tests/e2e/keyboard-only.spec.ts).
      report: (html) => flushSync(() => onChangeRef.current(html)),
      now: () => performance.now(),
      setTimer: (run, ms) => setTimeout(run, ms),
      clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    });
    return mergeRegister(
      editor.registerUpdateListener(({ dirtyElements, dirtyLeaves }) => {
        if (dirtyElements.size > 0 || dirtyLeaves.size > 0) reporter.changed();
      }),
      registerPendingEdits(reporter.flush),
      reporter.dispose,
    );
  }, [editor]);
  return null;
}

/** Paste through the allow-list; Ctrl/Cmd+K opens the link bar. */
function Behaviour({ onLink, onImageFile }: { onLink: () => void; onImageFile: (file: File) => void }) {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      mergeRegister(
        editor.registerCommand(
          PASTE_COMMAND,
          (event) => {
            const data = event instanceof ClipboardEvent ? event.clipboardData : null;
            const file = imageFile(data);
            if (file) {
              // A pasted picture is uploaded like a photo, then inserted where the cursor is.
              event.preventDefault();
              onImageFile(file);
              return true;
            }
            const html = data?.getData('text/html');
            if (!html) return false; // plain text: Lexical's own paste
            event.preventDefault();
            editor.update(() => {
              const nodes = $generateNodesFromDOM(editor, postHtmlDocument(html));
              const selection = $getSelection();
              if ($isRangeSelection(selection)) selection.insertNodes(nodes);
            });
            return true;
          },
          COMMAND_PRIORITY_HIGH,
        ),
        editor.registerCommand(
          DROP_COMMAND,
          (event) => {
            const file = imageFile(event.dataTransfer);
            if (!file) return false;
            event.preventDefault();
            onImageFile(file);
            return true;
          },
          COMMAND_PRIORITY_EDITOR,
        ),
        editor.registerCommand(
          KEY_MODIFIER_COMMAND,
          (event) => {
            if ((event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === 'k') {
              event.preventDefault();
              onLink();
              return true;
            }
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor, onLink, onImageFile],
  );
  return null;
}

function RichEditor({ initialHtml, onChange, label, placeholder, describedBy, onUploadingImage }: RichEditorProps) {
  const [linking, setLinking] = useState(false);
  const [inserting, setInserting] = useState<{ kind: InsertKind; file?: File } | null>(null);
  const openLink = useRef(() => (setInserting(null), setLinking(true))).current;
  const openInsert = useCallback((kind: InsertKind, file?: File) => {
    setLinking(false);
    setInserting({ kind, ...(file ? { file } : {}) });
  }, []);
  const onImageFile = useCallback((file: File) => openInsert('image', file), [openInsert]);
  const uploadingRef = useRef(onUploadingImage);
  uploadingRef.current = onUploadingImage;
  const onUploading = useCallback((busy: boolean) => uploadingRef.current?.(busy), []);
  const config = {
    namespace: 'post-body',
    theme: THEME,
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode, PostBlockNode],
    onError: (error: Error) => console.error('[tumblelog] <post-composer> editor', error),
    editorState: (editor: LexicalEditor) => $loadHtml(editor, initialHtml),
  };
  return (
    <LexicalComposer initialConfig={config}>
      <div className="ed">
        <Toolbar onLink={openLink} onInsert={openInsert} />
        {linking && <LinkBar onClose={() => setLinking(false)} />}
        {inserting && (
          <InsertBar
            key={inserting.kind}
            kind={inserting.kind}
            file={inserting.file}
            onClose={() => setInserting(null)}
            onUploading={onUploading}
          />
        )}
        <div className="ed-surface">
          <RichTextPlugin
            contentEditable={
              <ContentEditable
                className="ed-content"
                aria-label={label}
                aria-multiline
                aria-describedby={describedBy}
                aria-placeholder={placeholder ?? ''}
                placeholder={<div className="ed-placeholder">{placeholder}</div>}
              />
            }
            ErrorBoundary={LexicalErrorBoundary}
          />
        </div>
        <HistoryPlugin delay={EDITOR_UNDO_DELAY_MS} />
        <ListPlugin />
        <LinkPlugin validateUrl={(url) => editorLink(url) === url} />
        <Behaviour onLink={openLink} onImageFile={onImageFile} />
        <BodyReportPlugin onChange={onChange} />
      </div>
    </LexicalComposer>
  );
}

/**
 * The editor owns its document once it has read `initialHtml`: the form re-rendering on every
 * keystroke (with the body it reports back) need not re-render Lexical's tree. `onChange` is read
 * through a ref, so the first one given is enough.
 */
export default memo(RichEditor, (a, b) => a.label === b.label && a.placeholder === b.placeholder && a.describedBy === b.describedBy);
