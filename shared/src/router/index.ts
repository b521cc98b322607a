// The parts of react-router-dom the remotes use, and nothing else: one router build on a page,
// reached through this federation-shared module. Sharing react-router-dom itself shipped every
// export, the data routers and their loaders included (webpack keeps all exports of a shared module:
// 26 KB gzip, 79 % unused). Lint forbids importing react-router-dom anywhere else in the apps (it
// would bundle a second copy); tests may, for MemoryRouter.
// Add a name here when a screen needs it; docs/decisions/017-compressed-and-budgeted-first-pages.md.
export {
  BrowserRouter,
  Link,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
