import '@fontsource/roboto/300.css';
import '@fontsource/roboto/400.css';
import '@fontsource/roboto/500.css';
import '@fontsource/roboto/700.css';
import { preloadArea } from './app/areas.ts';
import { selectIsAuthenticated, useSession } from './lib/session.ts';

// The entry stays small: a signed-in page's area starts downloading together with the app rather
// than after it has run (no chunk waterfall before the first paint); /login loads no area.
if (selectIsAuthenticated(useSession.getState())) preloadArea(window.location.pathname);
void import('./start.tsx');
