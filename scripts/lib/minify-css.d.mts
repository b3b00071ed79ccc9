/** The stylesheet minified by esbuild, with the same meaning; rejects CSS esbuild cannot parse. */
export function minifyCss(code: string, file?: string): Promise<string>;
