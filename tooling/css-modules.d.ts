// CSS Modules: each class name maps to its generated, scoped name (ARCHITECTURE: styles never leak).
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}
