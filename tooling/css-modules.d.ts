// CSS Modules: each class name maps to its generated, scoped name (docs/architecture.md
// "Micro-frontends").
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}
