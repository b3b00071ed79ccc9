import { useId, type ReactNode } from 'react';

/** What a control needs to be tied to its label and its error (screen readers hear both). */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

interface FieldProps {
  name: string;
  label: string;
  /** Shown under the control once the field was touched (or a post was attempted). */
  error?: string | undefined;
  hint?: string;
  /** A visually hidden label (the control says what it is by its placeholder and context). */
  hiddenLabel?: boolean;
  children: (control: ControlProps) => ReactNode;
}

/** One labelled field of the post form, with its inline error. */
export function Field({ name, label, error, hint, hiddenLabel, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field" part="field" data-field={name} data-invalid={error ? '' : undefined}>
      <label className={hiddenLabel ? 'tl-visually-hidden' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={errorId} part="error">
          {error}
        </p>
      )}
    </div>
  );
}

/** An address field's control (content source, carousel link, a photo's URL): the URL keyboard and placeholder. */
export function UrlInput({ control, value, onChange }: { control: ControlProps; value: string; onChange(value: string): void }) {
  return (
    <input
      {...control}
      className="field__control"
      type="url"
      inputMode="url"
      placeholder="https://…"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
