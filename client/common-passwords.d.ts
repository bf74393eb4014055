/** Built by the `common-passwords` plugin in vite.config.ts: the 10,000 most common passwords, one per line. */
declare module 'virtual:common-passwords' {
  const words: string;
  export default words;
}
