// The remotes' one lint config, from @ajo/tooling: the same here and in the monorepo.
import { remoteLintConfig } from '@ajo/tooling/eslint-remote';

export default remoteLintConfig({ dir: import.meta.dirname });
