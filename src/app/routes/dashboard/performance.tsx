import { PerformanceScreen } from '@/features/performance/components/performance-screen';

export default function PerformanceRoute() {
  return <PerformanceScreen />;
}
