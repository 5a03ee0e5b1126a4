import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router';
import { Bounce, ToastContainer } from 'react-toastify';
import { AuthSetup } from './auth/AuthSetup';
import { Layout } from './components/Layout';
import { About } from './pages/About';
import { Callback } from './pages/Callback';
import { ColorMatcher } from './pages/ColorMatcher';
import { DominantColors } from './pages/DominantColors';
import { Home } from './pages/Home';
import { ProjectChartEditor, VisitorChartEditor } from './pages/ChartEditor';
import { ProjectDetail } from './pages/ProjectDetail';
import { ProjectsList } from './pages/ProjectsList';
import { Wizard } from './pages/Wizard';

/** Query cache per the spec: 2 retries, stale after 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: 2, staleTime: 5 * 60 * 1000 }, mutations: { retry: false } } });
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/callback" element={<Callback />} />
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
      </AuthSetup>
      <ToastContainer position="top-right" autoClose={5000} draggable draggablePercent={80} transition={Bounce} />
    </QueryClientProvider>
  );
}
