import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useAuth } from './auth/auth-context';
import { AuthSetup } from './auth/AuthSetup';
import { DeferredToasts } from './components/DeferredToasts';
import { Layout } from './components/Layout';
import { PageLoading } from './components/PageLoading';
import { loadPage } from './lib/load-page';
import { EDITOR_PATH } from './lib/paths';
import { UpdatePrompt } from './offline/UpdatePrompt';
import { Home } from './pages/Home';

// Every page but the home page is its own chunk, fetched on first visit, so `/` loads only the shell
// and the home page. Layout shows PageLoading while one arrives.
const chunks = {
  about: loadPage(() => import('./pages/About')),
  callback: loadPage(() => import('./pages/Callback')),
  chartEditor: loadPage(() => import('./pages/ChartEditor')),
  colorMatcher: loadPage(() => import('./pages/ColorMatcher')),
  convertThreads: loadPage(() => import('./pages/ConvertThreads')),
  dominantColors: loadPage(() => import('./pages/DominantColors')),
  myThreads: loadPage(() => import('./pages/MyThreads')),
  projectDetail: loadPage(() => import('./pages/ProjectDetail')),
  projectsList: loadPage(() => import('./pages/ProjectsList')),
  stitching: loadPage(() => import('./pages/StitchingScreen')),
  wizard: loadPage(() => import('./pages/Wizard')),
};
const About = lazy(() => chunks.about().then((module) => ({ default: module.About })));
const Callback = lazy(() => chunks.callback().then((module) => ({ default: module.Callback })));
const ColorMatcher = lazy(() => chunks.colorMatcher().then((module) => ({ default: module.ColorMatcher })));
const ConvertThreads = lazy(() => chunks.convertThreads().then((module) => ({ default: module.ConvertThreads })));
const DominantColors = lazy(() => chunks.dominantColors().then((module) => ({ default: module.DominantColors })));
const MyThreads = lazy(() => chunks.myThreads().then((module) => ({ default: module.MyThreads })));
const ProjectChartEditor = lazy(() => chunks.chartEditor().then((module) => ({ default: module.ProjectChartEditor })));
const VisitorChartEditor = lazy(() => chunks.chartEditor().then((module) => ({ default: module.VisitorChartEditor })));
const ProjectDetail = lazy(() => chunks.projectDetail().then((module) => ({ default: module.ProjectDetail })));
const ProjectsList = lazy(() => chunks.projectsList().then((module) => ({ default: module.ProjectsList })));
const StitchingScreen = lazy(() => chunks.stitching().then((module) => ({ default: module.StitchingScreen })));
const Wizard = lazy(() => chunks.wizard().then((module) => ({ default: module.Wizard })));
const OfflineSync = lazy(() => import('./offline/OfflineSync'));

/** The chunk of the page each path opens (as AppRoutes routes them). */
const CHUNK_OF_PATH: [RegExp, () => Promise<unknown>][] = [
  [/^\/about\/?$/, chunks.about],
  [/^\/callback\/?$/, chunks.callback],
  [/^\/colors\/dominant\/?$/, chunks.dominantColors],
  [/^\/colors\/matcher\/?$/, chunks.colorMatcher],
  [/^\/stitch\/(new|wizard)\/?$/, chunks.wizard],
  [/^\/stitch\/projects\/?$/, chunks.projectsList],
  [EDITOR_PATH, chunks.chartEditor],
  [/^\/stitch\/projects\/[^/]+\/stitch\/?$/, chunks.stitching],
  [/^\/stitch\/projects\/[^/]+\/?$/, chunks.projectDetail],
  [/^\/threads\/mine\/?$/, chunks.myThreads],
  [/^\/threads\/convert\/?$/, chunks.convertThreads],
];

/**
 * Starts fetching the chunk of the page the app opens on, beside the server's settings (the app shows
 * nothing but 'Loading…' until they arrive), instead of only once the route renders after them.
 */
export function preloadPageOf(pathname: string): void {
  void CHUNK_OF_PATH.find(([path]) => path.test(pathname))?.[1]();
}

/**
 * Query cache per the spec: 2 retries, stale after 5 minutes. Reads run offline too (`offlineFirst`): the
 * service worker answers them from what it kept. Writes are tried at once ('always'), so offline they fail
 * and the screen says so, instead of waiting unseen.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: 2, staleTime: 5 * 60 * 1000, networkMode: 'offlineFirst' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/callback"
        element={
          <Suspense fallback={<PageLoading />}>
            <Callback />
          </Suspense>
        }
      />
      {/* Full screen, for beside the hoop: no site header. */}
      <Route
        path="/stitch/projects/:projectId/stitch"
        element={
          <Suspense fallback={<PageLoading />}>
            <StitchingScreen />
          </Suspense>
        }
      />
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        <Route path="about" element={<About />} />
        <Route path="colors/dominant" element={<DominantColors />} />
        <Route path="colors/matcher" element={<ColorMatcher />} />
        <Route path="stitch/new" element={<Wizard />} />
        <Route path="stitch/wizard" element={<Navigate to="/stitch/new" replace />} />
        <Route path="stitch/projects" element={<ProjectsList />} />
        <Route path="stitch/projects/:projectId" element={<ProjectDetail />} />
        <Route path="stitch/projects/:projectId/edit" element={<ProjectChartEditor />} />
        <Route path="stitch/edit/:patternId" element={<VisitorChartEditor />} />
        <Route path="threads/mine" element={<MyThreads />} />
        <Route path="threads/convert" element={<ConvertThreads />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

export function App({ queryClient = createQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthSetup>
        <AppRoutes />
        <SignedInOfflineSync />
      </AuthSetup>
      <DeferredToasts />
      <UpdatePrompt />
    </QueryClientProvider>
  );
}

/** The offline housekeeping of a signed-in user (offline/OfflineSync.tsx), in a chunk loaded only for them. */
function SignedInOfflineSync() {
  const auth = useAuth();
  if (!auth.user) return null;
  return (
    <Suspense fallback={null}>
      <OfflineSync />
    </Suspense>
  );
}
