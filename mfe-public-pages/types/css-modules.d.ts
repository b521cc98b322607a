// CSS Modules: each class name maps to its generated, scoped name (styles never leak between remotes).
declare module '*.module.css' {
  const classes: { readonly [className: string]: string };
  export default classes;
}
