/** The post form's chunk, fetched once per page (a failed fetch may be tried again). */
type FormModule = typeof import('./form/PostForm');

let formModule: Promise<FormModule> | null = null;

export function loadForm(): Promise<FormModule> {
  formModule ??= import('./form/PostForm').catch((error: unknown) => {
    formModule = null;
    throw error;
  });
  return formModule;
}
