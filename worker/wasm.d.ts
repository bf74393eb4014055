/** A WebAssembly file imported by the Worker: wrangler and the Worker suite's pool give it compiled. */
declare module '*.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
