// docs/frontend.md, "Storybook": .storybook/preview.ts for msw-storybook-addon 3.x in a CSF3 project. The addon's
// loader starts MSW's worker once and gives each story its own handlers (`parameters.msw`), dropping the last story's.
// 2.x's `initialize()` from 'msw-storybook-addon' is gone in 3.x: importing it fails the build.
import { mswLoader } from 'msw-storybook-addon/csf3';

// With a framework's types: `const preview: Preview = { ... }` (import type { Preview } from '@storybook/react-vite').
const preview = {
  loaders: [mswLoader()],
};

export default preview;
