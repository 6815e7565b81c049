/**
 * A Markdown file under apps/web/content, as the build step turns it into a module
 * (build/markdown-plugin.ts). The plugin checks each kind's required front matter at build time,
 * so pages may narrow `meta` to that kind's fields.
 */
declare module '*.md' {
  export const meta: Readonly<Record<string, string | number | boolean>>;
  export const html: string;
}
