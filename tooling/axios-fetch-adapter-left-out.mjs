// Stands in for axios's fetch adapter (axios/lib/adapters/fetch.js) in the browser builds
// (webpack-config.cjs). axios picks the first adapter of ['xhr', 'http', 'fetch'] the environment
// supports: XMLHttpRequest in every browser we serve, which the API client needs anyway for upload
// progress, so the fetch adapter is never chosen and was 4.5 KB gzip on every page that calls the
// API. `getFetch` answering false is axios's own "not supported by the environment"
// (docs/decisions/017-compressed-and-budgeted-first-pages.md).
export const getFetch = () => false;
export default false;
