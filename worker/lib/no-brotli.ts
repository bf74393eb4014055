// fontkit decompresses WOFF2 with brotli, whose dictionary would add about 150 KB to the Worker. The PDF fonts
// are WOFF (zlib), so the Worker's bundle has this in its place (wrangler.toml [alias]).
export default function decompress(): never {
  throw new Error('WOFF2 fonts are not read in the Worker: the PDF fonts are WOFF');
}
