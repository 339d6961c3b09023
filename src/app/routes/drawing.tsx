import { lazy, Suspense, useMemo, useState } from 'react';
import { courseRoomId } from '@contract/course-rules';
import type { OwnedCourse } from '@contract/courses';
import { DrawingBoard } from '@/features/drawing/drawing-board';
import { useAuth } from '@/lib/auth';

// Signed-in users only: a visitor's board never loads RTK Query and the schemas with it.
const OwnedCourses = lazy(() => import('@/features/courses/components/owned-courses'));

const NOTHING_OWNED: readonly OwnedCourse[] = [];

export default function DrawingRoute() {
  const { status } = useAuth();
  const signedIn = status === 'signed-in';
  // "Share to a room" offers the owned courses' study rooms too (D61); a visitor has none.
  const [owned, setOwned] = useState(NOTHING_OWNED);
  const courseRooms = useMemo(
    () =>
      (signedIn ? owned : NOTHING_OWNED).map((course) => ({
        room: courseRoomId(course.courseId),
        name: course.name,
      })),
    [owned, signedIn],
  );
  return (
    <div className="mx-auto max-w-4xl px-4 py-10 sm:px-6 lg:px-8">
      <header className="mb-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">
          Creative corner
        </p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">Drawing board</h1>
        <p className="mt-2 text-base-content/70">
          Pick a colour and a brush size, draw with your mouse, pen or finger, then download your
          picture.
        </p>
      </header>
      {signedIn && (
        <Suspense fallback={null}>
          <OwnedCourses onOwned={setOwned} />
        </Suspense>
      )}
      <DrawingBoard courseRooms={courseRooms} />
    </div>
  );
}
