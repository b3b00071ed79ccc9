/** The post form's chunk, fetched once per page (a failed fetch may be tried again). */
type FormModule = typeof import('./form/PostForm');

let formModule: Promise<FormModule> | null = null;
let loaded: FormModule | undefined;

export function loadForm(): Promise<FormModule> {
  if (!formModule) {
    const loading = import('./form/PostForm').catch((error: unknown) => {
      formModule = null;
      throw error;
    });
    formModule = loading;
    loading.then(
      (m) => void (loaded = m),
      () => {}, // said by whoever awaits loadForm()
    );
  }
  return formModule;
}

/** The form's module once it has arrived (a render can use it at once), else undefined. */
export function loadedForm(): FormModule | undefined {
  return loaded;
}
