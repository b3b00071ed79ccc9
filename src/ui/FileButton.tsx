/**
 * A button that opens the file picker. The file input itself is hidden and out of the tab order;
 * the visible control is a real <button>, so it is announced, focused, styled and disabled like
 * every other button, which a <label> around an input is not (no :disabled, focus only through
 * :focus-within). The input is emptied after each choice, so choosing the same file again still
 * counts.
 */
import { useRef, type ButtonHTMLAttributes } from 'react';

export interface FileButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick'> {
  /** The input's accept list: MIME types or extensions. */
  accept: string;
  multiple?: boolean;
  /** A class for the hidden input, for tests and for the drop-in e2e's `setInputFiles`. */
  inputClassName?: string;
  /** The chosen files, never empty. */
  onFiles: (files: File[]) => void;
}

export function FileButton({ accept, multiple, inputClassName, onFiles, children, ...button }: FileButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        multiple={multiple}
        className={inputClassName ? `tl-visually-hidden ${inputClassName}` : 'tl-visually-hidden'}
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <button type="button" {...button} onClick={() => input.current?.click()}>
        {children}
      </button>
    </>
  );
}
